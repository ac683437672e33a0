import type { Locale } from '@app/contracts';

/** Mail templates; every language holds every template (a test checks). Placeholders: {name}. */
export type MailTemplate =
  | 'resetPassword'
  | 'confirmEmail'
  | 'signup'
  | 'alreadyRegistered'
  | 'welcome'
  | 'invitation'
  | 'passwordChanged'
  | 'rosterReleased'
  | 'rosterRevoked'
  | 'rosterChanged'
  | 'vacationApproved'
  | 'vacationDenied'
  | 'vacationRemoved'
  | 'vacationRequested'
  | 'availabilityReminder'
  | 'hoursDenied'
  | 'documentAdded'
  | 'rosterPrint'
  | 'itemAssigned'
  | 'itemRemoved'
  | 'signOutAccepted'
  | 'signOutDenied'
  | 'applicationAccepted'
  | 'applicationDenied'
  | 'swapOffered'
  | 'swapRequested'
  | 'swapApproved'
  | 'swapPending'
  | 'swapDenied'
  | 'swapDeclined'
  | 'swapWithdrawn'
  | 'chatMessage'
  | 'dossierShared'
  | 'setupLink'
  | 'invoice'
  | 'clientInvoice'
  | 'webhookDisabled';

type Catalog = Record<MailTemplate, { subject: string; body: string }> & { greeting: string; closing: string };

const en: Catalog = {
  greeting: 'Hello {name},',
  closing: 'Kind regards,\nYour Rosterly team',
  resetPassword: {
    subject: 'Reset your password',
    body: 'Someone asked to reset the password of your account. Choose a new password here (the link works once, for one hour):\n\n{link}\n\nIf it was not you, ignore this mail; your password stays as it is.',
  },
  confirmEmail: {
    subject: 'Confirm your e-mail address',
    body: 'Please confirm your e-mail address to sign in (the link works once, for seven days):\n\n{link}',
  },
  signup: {
    subject: 'Confirm your registration at Rosterly',
    body: 'Thank you for registering {company}. Confirm your e-mail address here to start your {days}-day trial (the link works once, for seven days):\n\n{link}\n\nIf you did not register, ignore this mail: nothing happens without the confirmation.',
  },
  alreadyRegistered: {
    subject: 'You are already registered',
    body: 'Someone just tried to register a company with this e-mail address. It is already registered, so nothing was created. Sign in here:\n\n{link}\n\nForgot your password? Choose a new one here:\n\n{reset}\n\nIf it was not you, ignore this mail.',
  },
  welcome: {
    subject: 'Welcome to Rosterly',
    body: 'Your e-mail address is confirmed and {company} is ready for its {days}-day trial. A few steps set up your company, your staff and your shifts:\n\n{link}\n\nWe are glad you are here.',
  },
  invitation: {
    subject: 'You are invited to {account}',
    body: '{inviter} invited you to plan and see your shifts at {account}. Set your password here (the link works once, for fourteen days):\n\n{link}',
  },
  setupLink: {
    subject: 'Continue setting up {account}',
    body: 'Your setup is saved where you left it. Continue here (the link works once, for seven days):\n\n{link}',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    body: 'The password of your account was just changed. If it was not you, reset it at once:\n\n{link}',
  },
  rosterReleased: {
    subject: 'New roster for {location}',
    body: 'The roster of {location} is published up to {date}. See your duties here:\n\n{link}',
  },
  rosterRevoked: {
    subject: 'Roster of {location} withdrawn from {date}',
    body: 'The roster of {location} from {date} on was withdrawn and may still change. See what is published here:\n\n{link}',
  },
  rosterChanged: {
    subject: 'Your roster changed on {date}',
    body: 'A published duty of yours at {location} on {date} was changed. See your roster here:\n\n{link}',
  },
  vacationApproved: {
    subject: 'Your vacation from {from} is approved',
    body: 'Your vacation request from {from} to {until} ({days} days) was approved by {by}. See it here:\n\n{link}',
  },
  vacationDenied: {
    subject: 'Your vacation from {from} is denied',
    body: 'Your vacation request from {from} to {until} was denied by {by}.\n\n{message}\n\nSee it here:\n\n{link}',
  },
  vacationRemoved: {
    subject: 'Your vacation from {from} was removed',
    body: 'Your vacation from {from} to {until} was removed by {by}; you may be planned on those days again.\n\n{message}\n\nSee it here:\n\n{link}',
  },
  vacationRequested: {
    subject: 'Vacation request from {by}',
    body: '{by} asks for vacation from {from} to {until} ({days} days). Approve or deny it here:\n\n{link}',
  },
  availabilityReminder: {
    subject: 'Enter your availability for {from} – {until}',
    body: 'Your availability for {from} – {until} is still empty. From tomorrow on these days close one by one ({weeks} week(s) ahead), so please enter it now:\n\n{link}',
  },
  rosterPrint: {
    subject: 'Your roster of {location}, week {week}',
    body: 'Here is the roster of {location} for week {week} ({from} to {until}), attached as a PDF to print.{note}\n\nThe roster online, once you have access:\n\n{link}',
  },
  hoursDenied: {
    subject: 'Your hours of {date} were not approved',
    body: 'Your hours of {date} were not approved. The message from your supervisor:\n\n{message}\n\nCorrect and submit them again here:\n\n{link}',
  },
  documentAdded: {
    subject: 'A document for you: {excerpt}',
    body: '{by} added a document to your file: {excerpt}. Open your documents here:\n\n{link}',
  },
  itemAssigned: {
    subject: 'New duty on {date}',
    body: '{by} planned you at {location} on {date}. See your roster here:\n\n{link}',
  },
  itemRemoved: {
    subject: 'Duty on {date} removed',
    body: '{by} took you off a duty at {location} on {date}. See your roster here:\n\n{link}',
  },
  signOutAccepted: {
    subject: 'Giving up your duty on {date}: accepted',
    body: 'Your request to give up the duty at {location} on {date} was accepted. See your roster here:\n\n{link}',
  },
  signOutDenied: {
    subject: 'Giving up your duty on {date}: declined',
    body: 'Your request to give up the duty at {location} on {date} was declined: the duty stays yours. See your roster here:\n\n{link}',
  },
  applicationAccepted: {
    subject: 'Application accepted for {date}',
    body: 'Your application for the open duty at {location} on {date} was accepted. See your roster here:\n\n{link}',
  },
  applicationDenied: {
    subject: 'Application declined for {date}',
    body: 'Your application for the open duty at {location} on {date} was declined. See your roster here:\n\n{link}',
  },
  swapOffered: {
    subject: '{by} offers a duty on {date}',
    body: '{by} offers their duty at {location} on {date} and asks whether you can take it. See the offer and take it here:\n\n{link}',
  },
  swapRequested: {
    subject: 'A swap on {date} waits for you',
    body: '{by} took a duty at {location} on {date} that a colleague offered. It breaks a roster rule or your account asks planners to decide: approve or deny it here:\n\n{link}',
  },
  swapApproved: {
    subject: 'Swap on {date} approved',
    body: 'The swap of the duty at {location} on {date} is approved: your roster shows it. See it here:\n\n{link}',
  },
  swapPending: {
    subject: '{by} takes your duty on {date}',
    body: '{by} accepted your offer of the duty at {location} on {date}. A planner decides on it before it changes hands; the duty stays yours until then. See it here:\n\n{link}',
  },
  swapDenied: {
    subject: 'Swap on {date} denied',
    body: 'The swap of the duty at {location} on {date} was denied: the duties stay as they were.\n\n{message}\n\nSee your roster here:\n\n{link}',
  },
  swapDeclined: {
    subject: '{by} declined your swap for {date}',
    body: '{by} declined to swap duties for the duty at {location} on {date}: it stays yours. See your roster here:\n\n{link}',
  },
  swapWithdrawn: {
    subject: 'Offer for {date} withdrawn',
    body: 'The offer of the duty at {location} on {date} was withdrawn ({by}): the duty stays as the roster shows it. See it here:\n\n{link}',
  },
  chatMessage: {
    subject: 'New message from {by}',
    body: '{by} wrote to you:\n\n{excerpt}\n\nAnswer here:\n\n{link}',
  },
  dossierShared: {
    subject: 'A new entry in your file',
    body: '{by} added an entry of {date} to your file and shared it with you. Read it on your profile:\n\n{link}',
  },
  invoice: {
    subject: 'Your invoice {number}',
    body: 'Attached is invoice {number} for {period}: {total}.\n\n{payment}\n\nThe invoice is attached as a PDF with its e-invoice (Factur-X) inside, and as XML. Download it any time:\n\n{link}',
  },
  clientInvoice: {
    subject: 'Invoice {number} from {company}',
    body: '{company} sends you invoice {number} for {period}: {total}, due on {due}.\n\nThe invoice is attached as a PDF with its e-invoice (Factur-X) inside, and as XML (EN 16931).\n\nQuestions about this invoice: {link}',
  },
  webhookDisabled: {
    subject: 'A webhook was switched off',
    body: 'The webhook endpoint {url} of {account} has not accepted any delivery since {since}, so it was switched off and receives no more events. Once the receiver works again, switch it back on here (waiting deliveries are then sent again):\n\n{link}',
  },
};

const de: Catalog = {
  greeting: 'Hallo {name},',
  closing: 'Viele Grüße\nIhr Rosterly-Team',
  resetPassword: {
    subject: 'Passwort zurücksetzen',
    body: 'Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen. Wählen Sie hier ein neues Passwort (der Link gilt einmal, eine Stunde lang):\n\n{link}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  },
  confirmEmail: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    body: 'Bitte bestätigen Sie Ihre E-Mail-Adresse, um sich anzumelden (der Link gilt einmal, sieben Tage lang):\n\n{link}',
  },
  signup: {
    subject: 'Bestätigen Sie Ihre Registrierung bei Rosterly',
    body: 'Danke, dass Sie {company} registriert haben. Bestätigen Sie hier Ihre E-Mail-Adresse, um Ihre {days}-tägige Testphase zu beginnen (der Link gilt einmal, sieben Tage lang):\n\n{link}\n\nWenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail: ohne Bestätigung geschieht nichts.',
  },
  alreadyRegistered: {
    subject: 'Sie sind bereits registriert',
    body: 'Gerade wollte jemand mit dieser E-Mail-Adresse ein Unternehmen registrieren. Die Adresse ist bereits registriert, daher wurde nichts angelegt. Hier melden Sie sich an:\n\n{link}\n\nPasswort vergessen? Hier wählen Sie ein neues:\n\n{reset}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail.',
  },
  welcome: {
    subject: 'Willkommen bei Rosterly',
    body: 'Ihre E-Mail-Adresse ist bestätigt und {company} ist bereit für die {days}-tägige Testphase. In wenigen Schritten richten Sie Ihr Unternehmen, Ihre Mitarbeitenden und Ihre Schichten ein:\n\n{link}\n\nSchön, dass Sie da sind.',
  },
  invitation: {
    subject: 'Einladung zu {account}',
    body: '{inviter} hat Sie eingeladen, Ihre Dienste bei {account} zu sehen und zu planen. Legen Sie hier Ihr Passwort fest (der Link gilt einmal, vierzehn Tage lang):\n\n{link}',
  },
  setupLink: {
    subject: 'Einrichtung von {account} fortsetzen',
    body: 'Ihre Einrichtung ist dort gespeichert, wo Sie aufgehört haben. Hier geht es weiter (der Link gilt einmal, sieben Tage lang):\n\n{link}',
  },
  passwordChanged: {
    subject: 'Ihr Passwort wurde geändert',
    body: 'Das Passwort Ihres Kontos wurde soeben geändert. Wenn Sie das nicht waren, setzen Sie es sofort zurück:\n\n{link}',
  },
  rosterReleased: {
    subject: 'Neuer Dienstplan für {location}',
    body: 'Der Dienstplan von {location} ist bis {date} veröffentlicht. Ihre Dienste sehen Sie hier:\n\n{link}',
  },
  rosterRevoked: {
    subject: 'Dienstplan von {location} ab {date} zurückgezogen',
    body: 'Der Dienstplan von {location} ab {date} wurde zurückgezogen und kann sich noch ändern. Was veröffentlicht ist, sehen Sie hier:\n\n{link}',
  },
  rosterChanged: {
    subject: 'Ihr Dienstplan am {date} wurde geändert',
    body: 'Ein veröffentlichter Dienst von Ihnen bei {location} am {date} wurde geändert. Ihren Dienstplan sehen Sie hier:\n\n{link}',
  },
  vacationApproved: {
    subject: 'Ihr Urlaub ab {from} ist genehmigt',
    body: 'Ihr Urlaubsantrag vom {from} bis {until} ({days} Tage) wurde von {by} genehmigt. Hier sehen Sie ihn:\n\n{link}',
  },
  vacationDenied: {
    subject: 'Ihr Urlaub ab {from} wurde abgelehnt',
    body: 'Ihr Urlaubsantrag vom {from} bis {until} wurde von {by} abgelehnt.\n\n{message}\n\nHier sehen Sie ihn:\n\n{link}',
  },
  vacationRemoved: {
    subject: 'Ihr Urlaub ab {from} wurde entfernt',
    body: 'Ihr Urlaub vom {from} bis {until} wurde von {by} entfernt; Sie können an diesen Tagen wieder eingeplant werden.\n\n{message}\n\nHier sehen Sie ihn:\n\n{link}',
  },
  vacationRequested: {
    subject: 'Urlaubsantrag von {by}',
    body: '{by} beantragt Urlaub vom {from} bis {until} ({days} Tage). Hier können Sie ihn genehmigen oder ablehnen:\n\n{link}',
  },
  availabilityReminder: {
    subject: 'Tragen Sie Ihre Verfügbarkeit für {from} – {until} ein',
    body: 'Ihre Verfügbarkeit für {from} – {until} ist noch leer. Ab morgen schließen diese Tage nacheinander ({weeks} Woche(n) im Voraus); bitte tragen Sie sie jetzt ein:\n\n{link}',
  },
  rosterPrint: {
    subject: 'Ihr Dienstplan {location}, KW {week}',
    body: 'Anbei der Dienstplan von {location} für KW {week} ({from} bis {until}) als PDF zum Ausdrucken.{note}\n\nDer Dienstplan online, sobald Sie Zugang haben:\n\n{link}',
  },
  hoursDenied: {
    subject: 'Ihre Stunden vom {date} wurden nicht genehmigt',
    body: 'Ihre Stunden vom {date} wurden nicht genehmigt. Die Nachricht Ihrer Vorgesetzten oder Ihres Vorgesetzten:\n\n{message}\n\nKorrigieren Sie sie hier und reichen Sie sie erneut ein:\n\n{link}',
  },
  documentAdded: {
    subject: 'Ein Dokument für Sie: {excerpt}',
    body: '{by} hat Ihrer Personalakte ein Dokument hinzugefügt: {excerpt}. Ihre Dokumente finden Sie hier:\n\n{link}',
  },
  itemAssigned: {
    subject: 'Neuer Dienst am {date}',
    body: '{by} hat Sie am {date} bei {location} eingeplant. Ihr Dienstplan:\n\n{link}',
  },
  itemRemoved: {
    subject: 'Dienst am {date} entfernt',
    body: '{by} hat Sie am {date} bei {location} aus einem Dienst genommen. Ihr Dienstplan:\n\n{link}',
  },
  signOutAccepted: {
    subject: 'Dienstabgabe am {date} angenommen',
    body: 'Ihre Anfrage, den Dienst bei {location} am {date} abzugeben, wurde angenommen. Ihr Dienstplan:\n\n{link}',
  },
  signOutDenied: {
    subject: 'Dienstabgabe am {date} abgelehnt',
    body: 'Ihre Anfrage, den Dienst bei {location} am {date} abzugeben, wurde abgelehnt: Der Dienst bleibt Ihrer. Ihr Dienstplan:\n\n{link}',
  },
  applicationAccepted: {
    subject: 'Bewerbung für {date} angenommen',
    body: 'Ihre Bewerbung auf den offenen Dienst bei {location} am {date} wurde angenommen. Ihr Dienstplan:\n\n{link}',
  },
  applicationDenied: {
    subject: 'Bewerbung für {date} abgelehnt',
    body: 'Ihre Bewerbung auf den offenen Dienst bei {location} am {date} wurde abgelehnt. Ihr Dienstplan:\n\n{link}',
  },
  swapOffered: {
    subject: '{by} bietet einen Dienst am {date} an',
    body: '{by} bietet den eigenen Dienst in {location} am {date} an und fragt, ob Sie ihn übernehmen können. Angebot ansehen und übernehmen:\n\n{link}',
  },
  swapRequested: {
    subject: 'Ein Tausch am {date} wartet auf Sie',
    body: '{by} hat einen angebotenen Dienst in {location} am {date} übernommen. Er verletzt eine Dienstplanregel oder Ihr Konto lässt Planer entscheiden: Hier genehmigen oder ablehnen:\n\n{link}',
  },
  swapApproved: {
    subject: 'Tausch am {date} genehmigt',
    body: 'Der Tausch des Dienstes in {location} am {date} ist genehmigt; Ihr Dienstplan zeigt ihn. Hier ansehen:\n\n{link}',
  },
  swapPending: {
    subject: '{by} übernimmt Ihren Dienst am {date}',
    body: '{by} hat Ihr Angebot für den Dienst in {location} am {date} angenommen. Ein Planer entscheidet, bevor der Dienst wechselt; bis dahin bleibt er Ihrer. Hier ansehen:\n\n{link}',
  },
  swapDenied: {
    subject: 'Tausch am {date} abgelehnt',
    body: 'Der Tausch des Dienstes in {location} am {date} wurde abgelehnt: Die Dienste bleiben, wie sie waren.\n\n{message}\n\nIhr Dienstplan:\n\n{link}',
  },
  swapDeclined: {
    subject: '{by} lehnt Ihren Tausch für den {date} ab',
    body: '{by} möchte den Dienst in {location} am {date} nicht tauschen: Er bleibt Ihrer. Ihr Dienstplan:\n\n{link}',
  },
  swapWithdrawn: {
    subject: 'Angebot für den {date} zurückgezogen',
    body: 'Das Angebot für den Dienst in {location} am {date} wurde zurückgezogen ({by}): Es gilt, was der Dienstplan zeigt. Hier ansehen:\n\n{link}',
  },
  chatMessage: {
    subject: 'Neue Nachricht von {by}',
    body: '{by} hat Ihnen geschrieben:\n\n{excerpt}\n\nHier antworten:\n\n{link}',
  },
  dossierShared: {
    subject: 'Ein neuer Eintrag in Ihrer Personalakte',
    body: '{by} hat einen Eintrag vom {date} in Ihre Personalakte geschrieben und für Sie freigegeben. Sie lesen ihn in Ihrem Profil:\n\n{link}',
  },
  invoice: {
    subject: 'Ihre Rechnung {number}',
    body: 'Anbei erhalten Sie die Rechnung {number} für {period}: {total}.\n\n{payment}\n\nDie Rechnung liegt als PDF mit eingebetteter E-Rechnung (ZUGFeRD/Factur-X) und als XML bei. Jederzeit herunterladen:\n\n{link}',
  },
  clientInvoice: {
    subject: 'Rechnung {number} von {company}',
    body: '{company} sendet Ihnen die Rechnung {number} für {period}: {total}, fällig am {due}.\n\nDie Rechnung ist als PDF mit eingebetteter E-Rechnung (Factur-X) und als XML (EN 16931) angehängt.\n\nFragen zu dieser Rechnung: {link}',
  },
  webhookDisabled: {
    subject: 'Ein Webhook wurde abgeschaltet',
    body: 'Der Webhook-Endpunkt {url} von {account} hat seit {since} keine Zustellung angenommen und wurde deshalb abgeschaltet; er erhält keine Ereignisse mehr. Sobald der Empfänger wieder funktioniert, schalten Sie ihn hier wieder ein (wartende Zustellungen werden dann erneut gesendet):\n\n{link}',
  },
};

const nl: Catalog = {
  greeting: 'Hallo {name},',
  closing: 'Met vriendelijke groet,\nHet Rosterly-team',
  resetPassword: {
    subject: 'Wachtwoord herstellen',
    body: 'Iemand heeft gevraagd het wachtwoord van je account te herstellen. Kies hier een nieuw wachtwoord (de link werkt één keer, één uur lang):\n\n{link}\n\nWas jij dit niet? Negeer deze e-mail; je wachtwoord blijft ongewijzigd.',
  },
  confirmEmail: {
    subject: 'Bevestig je e-mailadres',
    body: 'Bevestig je e-mailadres om in te loggen (de link werkt één keer, zeven dagen lang):\n\n{link}',
  },
  signup: {
    subject: 'Bevestig je registratie bij Rosterly',
    body: 'Bedankt voor het registreren van {company}. Bevestig hier je e-mailadres om je proefperiode van {days} dagen te starten (de link werkt één keer, zeven dagen lang):\n\n{link}\n\nHeb je je niet geregistreerd? Negeer deze e-mail: zonder bevestiging gebeurt er niets.',
  },
  alreadyRegistered: {
    subject: 'Je bent al geregistreerd',
    body: 'Iemand probeerde zojuist een bedrijf te registreren met dit e-mailadres. Het is al geregistreerd, dus er is niets aangemaakt. Log hier in:\n\n{link}\n\nWachtwoord vergeten? Kies hier een nieuw:\n\n{reset}\n\nWas jij dit niet? Negeer deze e-mail.',
  },
  welcome: {
    subject: 'Welkom bij Rosterly',
    body: 'Je e-mailadres is bevestigd en {company} is klaar voor de proefperiode van {days} dagen. In een paar stappen richt je je bedrijf, je medewerkers en je diensten in:\n\n{link}\n\nFijn dat je er bent.',
  },
  invitation: {
    subject: 'Uitnodiging voor {account}',
    body: '{inviter} heeft je uitgenodigd om je diensten bij {account} te bekijken en te plannen. Stel hier je wachtwoord in (de link werkt één keer, veertien dagen lang):\n\n{link}',
  },
  setupLink: {
    subject: 'Ga verder met het instellen van {account}',
    body: 'Je instellingen zijn bewaard waar je was gebleven. Ga hier verder (de link werkt één keer, zeven dagen lang):\n\n{link}',
  },
  passwordChanged: {
    subject: 'Je wachtwoord is gewijzigd',
    body: 'Het wachtwoord van je account is zojuist gewijzigd. Was jij dit niet? Herstel het dan meteen:\n\n{link}',
  },
  rosterReleased: {
    subject: 'Nieuw rooster voor {location}',
    body: 'Het rooster van {location} is gepubliceerd tot en met {date}. Bekijk je diensten hier:\n\n{link}',
  },
  rosterRevoked: {
    subject: 'Rooster van {location} vanaf {date} ingetrokken',
    body: 'Het rooster van {location} vanaf {date} is ingetrokken en kan nog veranderen. Bekijk wat gepubliceerd is hier:\n\n{link}',
  },
  rosterChanged: {
    subject: 'Je rooster op {date} is gewijzigd',
    body: 'Een gepubliceerde dienst van jou bij {location} op {date} is gewijzigd. Bekijk je rooster hier:\n\n{link}',
  },
  vacationApproved: {
    subject: 'Je verlof vanaf {from} is goedgekeurd',
    body: 'Je verlofaanvraag van {from} tot en met {until} ({days} dagen) is goedgekeurd door {by}. Bekijk hem hier:\n\n{link}',
  },
  vacationDenied: {
    subject: 'Je verlof vanaf {from} is afgewezen',
    body: 'Je verlofaanvraag van {from} tot en met {until} is afgewezen door {by}.\n\n{message}\n\nBekijk hem hier:\n\n{link}',
  },
  vacationRemoved: {
    subject: 'Je verlof vanaf {from} is verwijderd',
    body: 'Je verlof van {from} tot en met {until} is verwijderd door {by}; je kunt op die dagen weer worden ingeroosterd.\n\n{message}\n\nBekijk het hier:\n\n{link}',
  },
  vacationRequested: {
    subject: 'Verlofaanvraag van {by}',
    body: '{by} vraagt verlof aan van {from} tot en met {until} ({days} dagen). Keur het hier goed of af:\n\n{link}',
  },
  availabilityReminder: {
    subject: 'Vul je beschikbaarheid in voor {from} – {until}',
    body: 'Je beschikbaarheid voor {from} – {until} is nog leeg. Vanaf morgen sluiten deze dagen een voor een ({weeks} week/weken vooruit); vul haar nu in:\n\n{link}',
  },
  rosterPrint: {
    subject: 'Je rooster van {location}, week {week}',
    body: 'Hierbij het rooster van {location} voor week {week} ({from} t/m {until}), als pdf om af te drukken.{note}\n\nHet rooster online, zodra je toegang hebt:\n\n{link}',
  },
  hoursDenied: {
    subject: 'Je uren van {date} zijn niet goedgekeurd',
    body: 'Je uren van {date} zijn niet goedgekeurd. Het bericht van je leidinggevende:\n\n{message}\n\nCorrigeer ze hier en dien ze opnieuw in:\n\n{link}',
  },
  documentAdded: {
    subject: 'Een document voor je: {excerpt}',
    body: '{by} heeft een document aan je dossier toegevoegd: {excerpt}. Je documenten vind je hier:\n\n{link}',
  },
  itemAssigned: {
    subject: 'Nieuwe dienst op {date}',
    body: '{by} heeft je op {date} ingepland bij {location}. Bekijk je rooster hier:\n\n{link}',
  },
  itemRemoved: {
    subject: 'Dienst op {date} verwijderd',
    body: '{by} heeft je op {date} bij {location} uit een dienst gehaald. Bekijk je rooster hier:\n\n{link}',
  },
  signOutAccepted: {
    subject: 'Dienst op {date} afstaan: geaccepteerd',
    body: 'Je verzoek om de dienst bij {location} op {date} af te staan is geaccepteerd. Bekijk je rooster hier:\n\n{link}',
  },
  signOutDenied: {
    subject: 'Dienst op {date} afstaan: afgewezen',
    body: 'Je verzoek om de dienst bij {location} op {date} af te staan is afgewezen: de dienst blijft van jou. Bekijk je rooster hier:\n\n{link}',
  },
  applicationAccepted: {
    subject: 'Aanmelding voor {date} geaccepteerd',
    body: 'Je aanmelding voor de open dienst bij {location} op {date} is geaccepteerd. Bekijk je rooster hier:\n\n{link}',
  },
  applicationDenied: {
    subject: 'Aanmelding voor {date} afgewezen',
    body: 'Je aanmelding voor de open dienst bij {location} op {date} is afgewezen. Bekijk je rooster hier:\n\n{link}',
  },
  swapOffered: {
    subject: '{by} biedt een dienst aan op {date}',
    body: '{by} biedt de eigen dienst bij {location} op {date} aan en vraagt of u die kunt overnemen. Bekijk het aanbod en neem het over:\n\n{link}',
  },
  swapRequested: {
    subject: 'Een ruil op {date} wacht op u',
    body: '{by} heeft een aangeboden dienst bij {location} op {date} overgenomen. Die breekt een roosterregel of uw account laat planners beslissen: keur hem hier goed of af:\n\n{link}',
  },
  swapApproved: {
    subject: 'Ruil op {date} goedgekeurd',
    body: 'De ruil van de dienst bij {location} op {date} is goedgekeurd; uw rooster toont hem. Bekijk hem hier:\n\n{link}',
  },
  swapPending: {
    subject: '{by} neemt uw dienst op {date} over',
    body: '{by} heeft uw aanbod voor de dienst bij {location} op {date} aangenomen. Een planner beslist voordat de dienst wisselt; tot dan blijft hij van u. Bekijk het hier:\n\n{link}',
  },
  swapDenied: {
    subject: 'Ruil op {date} afgewezen',
    body: 'De ruil van de dienst bij {location} op {date} is afgewezen: de diensten blijven zoals ze waren.\n\n{message}\n\nUw rooster:\n\n{link}',
  },
  swapDeclined: {
    subject: '{by} wijst uw ruil voor {date} af',
    body: '{by} wil de dienst bij {location} op {date} niet ruilen: hij blijft van u. Uw rooster:\n\n{link}',
  },
  swapWithdrawn: {
    subject: 'Aanbod voor {date} ingetrokken',
    body: 'Het aanbod voor de dienst bij {location} op {date} is ingetrokken ({by}): het rooster geldt zoals het is. Bekijk het hier:\n\n{link}',
  },
  chatMessage: {
    subject: 'Nieuw bericht van {by}',
    body: '{by} schreef je:\n\n{excerpt}\n\nAntwoord hier:\n\n{link}',
  },
  dossierShared: {
    subject: 'Een nieuwe aantekening in je dossier',
    body: '{by} heeft een aantekening van {date} aan je dossier toegevoegd en met je gedeeld. Lees die op je profiel:\n\n{link}',
  },
  invoice: {
    subject: 'Uw factuur {number}',
    body: 'Bijgevoegd vindt u factuur {number} voor {period}: {total}.\n\n{payment}\n\nDe factuur is bijgevoegd als pdf met de e-factuur (Factur-X) erin, en als XML. Altijd te downloaden:\n\n{link}',
  },
  clientInvoice: {
    subject: 'Factuur {number} van {company}',
    body: '{company} stuurt u factuur {number} voor {period}: {total}, te betalen op {due}.\n\nDe factuur is bijgevoegd als pdf met de e-factuur (Factur-X) erin, en als XML (EN 16931).\n\nVragen over deze factuur: {link}',
  },
  webhookDisabled: {
    subject: 'Een webhook is uitgeschakeld',
    body: 'Het webhook-eindpunt {url} van {account} heeft sinds {since} geen enkele levering aangenomen en is daarom uitgeschakeld; het ontvangt geen gebeurtenissen meer. Zodra de ontvanger weer werkt, schakelt u het hier weer in (wachtende leveringen worden dan opnieuw verzonden):\n\n{link}',
  },
};

const pl: Catalog = {
  greeting: 'Dzień dobry {name},',
  closing: 'Pozdrawiamy\nZespół Rosterly',
  resetPassword: {
    subject: 'Resetowanie hasła',
    body: 'Ktoś poprosił o zresetowanie hasła do Twojego konta. Ustaw nowe hasło tutaj (link działa jeden raz, przez godzinę):\n\n{link}\n\nJeśli to nie Ty, zignoruj tę wiadomość; Twoje hasło pozostanie bez zmian.',
  },
  confirmEmail: {
    subject: 'Potwierdź swój adres e-mail',
    body: 'Potwierdź swój adres e-mail, aby się zalogować (link działa jeden raz, przez siedem dni):\n\n{link}',
  },
  signup: {
    subject: 'Potwierdź rejestrację w Rosterly',
    body: 'Dziękujemy za zarejestrowanie firmy {company}. Potwierdź tutaj swój adres e-mail, aby rozpocząć {days}-dniowy okres próbny (link działa jeden raz, przez siedem dni):\n\n{link}\n\nJeśli to nie Ty się rejestrowałeś, zignoruj tę wiadomość: bez potwierdzenia nic się nie stanie.',
  },
  alreadyRegistered: {
    subject: 'Jesteś już zarejestrowany',
    body: 'Ktoś właśnie próbował zarejestrować firmę z tym adresem e-mail. Adres jest już zarejestrowany, więc nic nie zostało utworzone. Zaloguj się tutaj:\n\n{link}\n\nNie pamiętasz hasła? Ustaw nowe tutaj:\n\n{reset}\n\nJeśli to nie Ty, zignoruj tę wiadomość.',
  },
  welcome: {
    subject: 'Witamy w Rosterly',
    body: 'Twój adres e-mail jest potwierdzony, a firma {company} jest gotowa na {days}-dniowy okres próbny. W kilku krokach skonfigurujesz firmę, pracowników i zmiany:\n\n{link}\n\nCieszymy się, że jesteś z nami.',
  },
  invitation: {
    subject: 'Zaproszenie do {account}',
    body: '{inviter} zaprasza Cię do przeglądania i planowania Twoich zmian w {account}. Ustaw hasło tutaj (link działa jeden raz, przez czternaście dni):\n\n{link}',
  },
  setupLink: {
    subject: 'Dokończ konfigurację {account}',
    body: 'Twoja konfiguracja jest zapisana w miejscu, w którym ją przerwano. Kontynuuj tutaj (link działa raz, przez siedem dni):\n\n{link}',
  },
  passwordChanged: {
    subject: 'Twoje hasło zostało zmienione',
    body: 'Hasło do Twojego konta zostało właśnie zmienione. Jeśli to nie Ty, natychmiast je zresetuj:\n\n{link}',
  },
  rosterReleased: {
    subject: 'Nowy grafik dla {location}',
    body: 'Grafik {location} został opublikowany do {date}. Swoje zmiany zobaczysz tutaj:\n\n{link}',
  },
  rosterRevoked: {
    subject: 'Grafik {location} od {date} wycofany',
    body: 'Grafik {location} od {date} został wycofany i może się jeszcze zmienić. Opublikowany grafik zobaczysz tutaj:\n\n{link}',
  },
  rosterChanged: {
    subject: 'Twój grafik na {date} został zmieniony',
    body: 'Twoja opublikowana zmiana w {location} w dniu {date} została zmieniona. Swój grafik zobaczysz tutaj:\n\n{link}',
  },
  vacationApproved: {
    subject: 'Twój urlop od {from} został zatwierdzony',
    body: 'Twój wniosek urlopowy od {from} do {until} ({days} dni) został zatwierdzony przez: {by}. Zobacz go tutaj:\n\n{link}',
  },
  vacationDenied: {
    subject: 'Twój urlop od {from} został odrzucony',
    body: 'Twój wniosek urlopowy od {from} do {until} został odrzucony przez: {by}.\n\n{message}\n\nZobacz go tutaj:\n\n{link}',
  },
  vacationRemoved: {
    subject: 'Twój urlop od {from} został usunięty',
    body: 'Twój urlop od {from} do {until} został usunięty przez: {by}; w te dni możesz znów zostać zaplanowany.\n\n{message}\n\nZobacz go tutaj:\n\n{link}',
  },
  vacationRequested: {
    subject: 'Wniosek urlopowy od: {by}',
    body: '{by} wnioskuje o urlop od {from} do {until} (dni: {days}). Zatwierdź go lub odrzuć tutaj:\n\n{link}',
  },
  availabilityReminder: {
    subject: 'Wpisz swoją dostępność na {from} – {until}',
    body: 'Twoja dostępność na {from} – {until} jest jeszcze pusta. Od jutra te dni będą zamykane jeden po drugim (z wyprzedzeniem tygodni: {weeks}), więc wpisz ją teraz:\n\n{link}',
  },
  rosterPrint: {
    subject: 'Twój grafik {location}, tydzień {week}',
    body: 'W załączniku grafik {location} na tydzień {week} ({from} do {until}) w formacie PDF do wydruku.{note}\n\nGrafik online, gdy otrzymasz dostęp:\n\n{link}',
  },
  hoursDenied: {
    subject: 'Twoje godziny z {date} nie zostały zatwierdzone',
    body: 'Twoje godziny z {date} nie zostały zatwierdzone. Wiadomość od przełożonego:\n\n{message}\n\nPopraw je i prześlij ponownie tutaj:\n\n{link}',
  },
  documentAdded: {
    subject: 'Dokument dla Ciebie: {excerpt}',
    body: '{by} dodał(a) dokument do Twoich akt: {excerpt}. Twoje dokumenty znajdziesz tutaj:\n\n{link}',
  },
  itemAssigned: {
    subject: 'Nowa zmiana w dniu {date}',
    body: '{by} zaplanował(a) Cię w {location} w dniu {date}. Zobacz swój grafik:\n\n{link}',
  },
  itemRemoved: {
    subject: 'Zmiana w dniu {date} usunięta',
    body: '{by} usunął/usunęła Cię ze zmiany w {location} w dniu {date}. Zobacz swój grafik:\n\n{link}',
  },
  signOutAccepted: {
    subject: 'Oddanie dyżuru {date}: przyjęte',
    body: 'Twoja prośba o oddanie dyżuru w {location} w dniu {date} została przyjęta. Zobacz swój grafik:\n\n{link}',
  },
  signOutDenied: {
    subject: 'Oddanie dyżuru {date}: odrzucone',
    body: 'Twoja prośba o oddanie dyżuru w {location} w dniu {date} została odrzucona: dyżur pozostaje Twój. Zobacz swój grafik:\n\n{link}',
  },
  applicationAccepted: {
    subject: 'Zgłoszenie na {date} przyjęte',
    body: 'Twoje zgłoszenie na wolną zmianę w {location} w dniu {date} zostało przyjęte. Zobacz swój grafik:\n\n{link}',
  },
  applicationDenied: {
    subject: 'Zgłoszenie na {date} odrzucone',
    body: 'Twoje zgłoszenie na wolną zmianę w {location} w dniu {date} zostało odrzucone. Zobacz swój grafik:\n\n{link}',
  },
  swapOffered: {
    subject: '{by} oferuje dyżur {date}',
    body: '{by} oferuje swój dyżur w {location} w dniu {date} i pyta, czy możesz go przejąć. Zobacz ofertę i przejmij dyżur tutaj:\n\n{link}',
  },
  swapRequested: {
    subject: 'Zamiana z dnia {date} czeka na Ciebie',
    body: '{by} przejmuje oferowany dyżur w {location} w dniu {date}. Narusza on regułę grafiku albo konto wymaga decyzji planisty: zatwierdź lub odrzuć tutaj:\n\n{link}',
  },
  swapApproved: {
    subject: 'Zamiana z dnia {date} zatwierdzona',
    body: 'Zamiana dyżuru w {location} w dniu {date} jest zatwierdzona; Twój grafik ją pokazuje. Zobacz tutaj:\n\n{link}',
  },
  swapPending: {
    subject: '{by} przejmuje Twój dyżur {date}',
    body: '{by} przyjmuje Twoją ofertę dyżuru w {location} w dniu {date}. Planista zdecyduje, zanim dyżur zmieni właściciela; do tego czasu pozostaje Twój. Zobacz tutaj:\n\n{link}',
  },
  swapDenied: {
    subject: 'Zamiana z dnia {date} odrzucona',
    body: 'Zamiana dyżuru w {location} w dniu {date} została odrzucona: dyżury pozostają bez zmian.\n\n{message}\n\nTwój grafik:\n\n{link}',
  },
  swapDeclined: {
    subject: '{by} odrzuca Twoją zamianę na {date}',
    body: '{by} nie chce zamienić dyżuru w {location} w dniu {date}: pozostaje on Twój. Twój grafik:\n\n{link}',
  },
  swapWithdrawn: {
    subject: 'Oferta na {date} wycofana',
    body: 'Oferta dyżuru w {location} w dniu {date} została wycofana ({by}): obowiązuje to, co pokazuje grafik. Zobacz tutaj:\n\n{link}',
  },
  chatMessage: {
    subject: 'Nowa wiadomość od {by}',
    body: '{by} napisał(a) do Ciebie:\n\n{excerpt}\n\nOdpowiedz tutaj:\n\n{link}',
  },
  dossierShared: {
    subject: 'Nowy wpis w Twojej teczce',
    body: '{by} dodał(a) wpis z dnia {date} do Twojej teczki osobowej i udostępnił(a) go Tobie. Przeczytasz go w swoim profilu:\n\n{link}',
  },
  invoice: {
    subject: 'Twoja faktura {number}',
    body: 'W załączniku faktura {number} za okres {period}: {total}.\n\n{payment}\n\nFaktura jest załączona jako PDF z e-fakturą (Factur-X) w środku oraz jako XML. Pobierz ją w dowolnej chwili:\n\n{link}',
  },
  clientInvoice: {
    subject: 'Faktura {number} od {company}',
    body: '{company} przesyła fakturę {number} za okres {period}: {total}, płatną do {due}.\n\nFaktura jest załączona jako PDF z e-fakturą (Factur-X) w środku oraz jako XML (EN 16931).\n\nPytania dotyczące tej faktury: {link}',
  },
  webhookDisabled: {
    subject: 'Webhook został wyłączony',
    body: 'Punkt końcowy webhooka {url} w {account} nie przyjął żadnej dostawy od {since}, więc został wyłączony i nie otrzymuje już zdarzeń. Gdy odbiorca znów działa, włącz go tutaj (oczekujące dostawy zostaną wtedy wysłane ponownie):\n\n{link}',
  },
};

export const MAIL_CATALOGS: Record<Locale, Catalog> = { en, de, nl, pl };

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);

/** A mail in the recipient's language. */
export function renderMail(locale: Locale, template: MailTemplate, params: Record<string, string>) {
  const c = MAIL_CATALOGS[locale] ?? MAIL_CATALOGS.en;
  const t = c[template];
  const text = [fill(c.greeting, params), '', fill(t.body, params), '', fill(c.closing, params)].join('\n');
  return { subject: fill(t.subject, params), text };
}
