import type { Locale } from '@app/contracts';

/**
 * The help lessons (docs/product/notifications.md), kept as data in the repository in every language. `page` is the
 * route key whose help panel shows the lesson; `action` the route its button opens; `roles`, `modules`, `configs`
 * (account settings that must be on) and `flags` (`demo`, `real`) decide who gets it (`lessonVisible`).
 */
export interface LessonDef {
  id: string;
  page: string | null;
  action: string | null;
  pages: string[];
  roles: string[];
  modules: string[];
  configs: string[];
  flags: string[];
  priority: number;
  links: { route: string; label: Record<Locale, string> }[];
  name: Record<Locale, string>;
  content: Record<Locale, string>;
}

export const LESSONS: readonly LessonDef[] = [
  {
    id: 'plan-a-week',
    page: 'roster',
    action: 'roster',
    pages: ['roster', 'rosterLocation'],
    roles: ['planner'],
    modules: ['roster'],
    configs: [],
    flags: [],
    priority: 10,
    links: [
      {
        route: 'roster',
        label: { en: 'Open the roster', de: 'Dienstplan öffnen', nl: 'Rooster openen', pl: 'Otwórz grafik' },
      },
    ],
    name: {
      en: 'Plan a week',
      de: 'Eine Woche planen',
      nl: 'Een week plannen',
      pl: 'Zaplanuj tydzień',
    },
    content: {
      en: 'Pick a planning and a week. Click an empty cell to add a duty with its times or a shift, then choose the person in the toolbox. Open duties stay on top until someone takes them. Drag a duty to move it, hold Ctrl to copy it.',
      de: 'Wählen Sie eine Planung und eine Woche. Klicken Sie in eine leere Zelle, um einen Dienst mit Zeiten oder einer Schicht anzulegen, und wählen Sie dann in der Werkzeugleiste die Person. Offene Dienste bleiben oben, bis jemand sie übernimmt. Ziehen Sie einen Dienst, um ihn zu verschieben; mit Strg kopieren Sie ihn.',
      nl: 'Kies een planning en een week. Klik in een lege cel om een dienst met tijden of een shift toe te voegen en kies daarna in de gereedschapskist de persoon. Open diensten blijven bovenaan tot iemand ze neemt. Sleep een dienst om hem te verplaatsen; houd Ctrl ingedrukt om te kopiëren.',
      pl: 'Wybierz planowanie i tydzień. Kliknij pustą komórkę, aby dodać zmianę z godzinami lub szablonem zmiany, a następnie wybierz osobę w przyborniku. Wolne zmiany zostają na górze, dopóki ktoś ich nie weźmie. Przeciągnij zmianę, aby ją przenieść; z klawiszem Ctrl skopiujesz ją.',
    },
  },
  {
    id: 'release-the-roster',
    page: 'roster',
    action: 'roster',
    pages: ['roster', 'rosterLocation'],
    roles: ['planner'],
    modules: ['roster'],
    configs: [],
    flags: [],
    priority: 20,
    links: [
      {
        route: 'notifications',
        label: { en: 'Notification settings', de: 'Benachrichtigungen', nl: 'Meldingen', pl: 'Powiadomienia' },
      },
    ],
    name: {
      en: 'Release the roster',
      de: 'Den Dienstplan veröffentlichen',
      nl: 'Het rooster vrijgeven',
      pl: 'Opublikuj grafik',
    },
    content: {
      en: 'Staff see only released days. Open the release calendar and pick the last day to publish: everyone of the planning is told in the app and by e-mail. Picking an earlier day withdraws the days after it. Changes to released days tell the people concerned.',
      de: 'Mitarbeitende sehen nur veröffentlichte Tage. Öffnen Sie den Veröffentlichungskalender und wählen Sie den letzten Tag: Alle der Planung werden in der App und per E-Mail benachrichtigt. Ein früherer Tag zieht die Tage danach zurück. Änderungen an veröffentlichten Tagen erfahren die Betroffenen.',
      nl: 'Medewerkers zien alleen vrijgegeven dagen. Open de vrijgavekalender en kies de laatste dag: iedereen van de planning krijgt een melding in de app en per e-mail. Een eerdere dag trekt de dagen erna terug. Wijzigingen op vrijgegeven dagen worden aan de betrokkenen gemeld.',
      pl: 'Pracownicy widzą tylko opublikowane dni. Otwórz kalendarz publikacji i wybierz ostatni dzień: wszyscy z planowania dostaną powiadomienie w aplikacji i e-mailem. Wybranie wcześniejszego dnia wycofuje dni po nim. O zmianach w opublikowanych dniach dowiadują się osoby, których dotyczą.',
    },
  },
  {
    id: 'my-duties',
    page: 'roster',
    action: 'roster',
    pages: ['roster', 'rosterLocation', 'overview'],
    roles: [],
    modules: ['roster'],
    configs: [],
    flags: [],
    priority: 30,
    links: [
      { route: 'roster', label: { en: 'My duties', de: 'Meine Dienste', nl: 'Mijn diensten', pl: 'Moje zmiany' } },
    ],
    name: {
      en: 'Your duties: taking and giving up',
      de: 'Ihre Dienste: übernehmen und abgeben',
      nl: 'Je diensten: overnemen en afstaan',
      pl: 'Twoje dyżury: przejmowanie i oddawanie',
    },
    content: {
      en: 'The roster lists your duties of the released days. Open duties you may take show a “Take this duty” button. Can you not work? Choose “Give up this duty”: the planner answers, and you are told.',
      de: 'Der Dienstplan zeigt Ihre Dienste an veröffentlichten Tagen. Offene Dienste, die Sie übernehmen können, zeigen „Dienst übernehmen“. Können Sie nicht arbeiten? Wählen Sie „Dienst abgeben“: Die Planung antwortet, und Sie werden benachrichtigt.',
      nl: 'Het rooster toont je diensten op vrijgegeven dagen. Bij open diensten die je mag nemen staat „Dienst overnemen”. Kun je niet werken? Kies „Dienst afstaan”: de planner antwoordt en je krijgt een melding.',
      pl: 'Grafik pokazuje Twoje zmiany w opublikowanych dniach. Przy wolnych dyżurach, które możesz wziąć, widać przycisk „Przejmij dyżur”. Nie możesz pracować? Wybierz „Oddaj dyżur”: planista odpowie, a Ty dostaniesz powiadomienie.',
    },
  },
  {
    id: 'stay-informed',
    page: 'notifications',
    action: 'notifications',
    pages: ['notifications', 'overview'],
    roles: [],
    modules: [],
    configs: [],
    flags: [],
    priority: 40,
    links: [
      {
        route: 'notifications',
        label: { en: 'Notification settings', de: 'Benachrichtigungen', nl: 'Meldingen', pl: 'Powiadomienia' },
      },
    ],
    name: {
      en: 'Choose how you are told',
      de: 'Wählen, wie Sie benachrichtigt werden',
      nl: 'Kies hoe je een melding krijgt',
      pl: 'Wybierz, jak chcesz być powiadamiany',
    },
    content: {
      en: 'The bell in the header lists what happened for you: a released roster, a new duty, an answer to your sign-out. On the notifications page choose per event whether it comes in the app, by e-mail or as a push message on this device.',
      de: 'Die Glocke in der Kopfzeile listet, was für Sie passiert ist: ein veröffentlichter Dienstplan, ein neuer Dienst, eine Antwort auf Ihre Austragung. Auf der Seite Benachrichtigungen wählen Sie je Ereignis, ob es in der App, per E-Mail oder als Push-Nachricht auf diesem Gerät kommt.',
      nl: 'De bel in de kopregel toont wat er voor jou gebeurde: een vrijgegeven rooster, een nieuwe dienst, een antwoord op je afmelding. Kies op de pagina Meldingen per gebeurtenis of hij in de app, per e-mail of als pushbericht op dit apparaat komt.',
      pl: 'Dzwonek w nagłówku pokazuje, co się dla Ciebie wydarzyło: opublikowany grafik, nowa zmiana, odpowiedź na wypisanie. Na stronie Powiadomienia wybierz dla każdego zdarzenia, czy ma przyjść w aplikacji, e-mailem czy jako powiadomienie push na tym urządzeniu.',
    },
  },
  {
    id: 'chat-with-the-team',
    page: 'chats',
    action: 'chats',
    pages: ['chats', 'chat'],
    roles: [],
    modules: ['chats'],
    configs: [],
    flags: [],
    priority: 50,
    links: [
      { route: 'chats', label: { en: 'Open chats', de: 'Chats öffnen', nl: 'Chats openen', pl: 'Otwórz czaty' } },
    ],
    name: {
      en: 'Chat with the team',
      de: 'Mit dem Team chatten',
      nl: 'Chatten met het team',
      pl: 'Czat z zespołem',
    },
    content: {
      en: 'Start a chat with one colleague or a group. One check means sent, two mean someone received it, two blue ones that everyone read it.',
      de: 'Starten Sie einen Chat mit einer Kollegin, einem Kollegen oder einer Gruppe. Ein Haken heißt gesendet, zwei heißen empfangen, zwei blaue, dass alle es gelesen haben.',
      nl: 'Begin een chat met één collega of een groep. Eén vinkje is verzonden, twee is ontvangen, twee blauwe betekent dat iedereen het las.',
      pl: 'Rozpocznij czat z jedną osobą lub grupą. Jeden znacznik oznacza wysłane, dwa – odebrane, dwa niebieskie – przeczytane przez wszystkich.',
    },
  },
  {
    id: 'invite-your-team',
    page: 'employees',
    action: 'employees',
    pages: ['employees', 'employee', 'overview'],
    roles: ['manager'],
    modules: [],
    configs: [],
    flags: ['real'],
    priority: 15,
    links: [
      { route: 'employees', label: { en: 'Open the team', de: 'Team öffnen', nl: 'Team openen', pl: 'Otwórz zespół' } },
    ],
    name: {
      en: 'Invite your team',
      de: 'Ihr Team einladen',
      nl: 'Je team uitnodigen',
      pl: 'Zaproś swój zespół',
    },
    content: {
      en: 'On the team page invite one person or paste a list of names and addresses. Each gets an e-mail in their language to set a password. Give them plannings and functions so they can be planned.',
      de: 'Laden Sie auf der Teamseite eine Person ein oder fügen Sie eine Liste mit Namen und Adressen ein. Jede Person erhält eine E-Mail in ihrer Sprache, um ein Passwort zu setzen. Geben Sie ihnen Planungen und Funktionen, damit sie eingeplant werden können.',
      nl: 'Nodig op de teampagina één persoon uit of plak een lijst met namen en adressen. Iedereen krijgt een e-mail in de eigen taal om een wachtwoord in te stellen. Geef ze planningen en functies zodat ze ingepland kunnen worden.',
      pl: 'Na stronie zespołu zaproś jedną osobę lub wklej listę imion i adresów. Każdy dostanie e-mail w swoim języku, by ustawić hasło. Przypisz im planowania i funkcje, aby można ich było planować.',
    },
  },
  {
    id: 'apply-for-open-duties',
    page: 'roster',
    action: 'roster',
    pages: ['roster', 'rosterLocation'],
    roles: [],
    modules: ['roster'],
    configs: ['employeesMustApply'],
    flags: [],
    priority: 35,
    links: [],
    name: {
      en: 'Apply for open duties',
      de: 'Auf offene Dienste bewerben',
      nl: 'Aanmelden voor open diensten',
      pl: 'Zgłaszaj się na wolne zmiany',
    },
    content: {
      en: 'In this company you apply for an open duty instead of taking it: the planner picks among the applicants, and you are told whether you got it.',
      de: 'In diesem Unternehmen bewerben Sie sich auf einen offenen Dienst, statt ihn direkt zu übernehmen: Die Planung wählt unter den Bewerbungen, und Sie erfahren, ob Sie ihn bekommen.',
      nl: 'In dit bedrijf meld je je aan voor een open dienst in plaats van hem meteen te nemen: de planner kiest uit de aanmeldingen en je hoort of je hem krijgt.',
      pl: 'W tej firmie zgłaszasz się na wolną zmianę zamiast ją od razu brać: planista wybiera spośród zgłoszeń, a Ty dowiesz się, czy ją dostałeś.',
    },
  },
  {
    id: 'try-the-demo',
    page: 'overview',
    action: 'roster',
    pages: ['overview'],
    roles: [],
    modules: [],
    configs: [],
    flags: ['demo'],
    priority: 1,
    links: [],
    name: {
      en: 'Look around the demo',
      de: 'Die Demo erkunden',
      nl: 'Rondkijken in de demo',
      pl: 'Rozejrzyj się po wersji demo',
    },
    content: {
      en: 'This demo company is filled with sample staff and duties. Try anything: nothing here reaches a real person.',
      de: 'Dieses Demo-Unternehmen ist mit Beispielpersonal und -diensten gefüllt. Probieren Sie alles aus: Nichts davon erreicht eine echte Person.',
      nl: 'Dit demobedrijf is gevuld met voorbeeldmedewerkers en -diensten. Probeer alles: niets bereikt een echt persoon.',
      pl: 'Ta firma demo jest wypełniona przykładowymi pracownikami i zmianami. Próbuj wszystkiego: nic nie dotrze do prawdziwej osoby.',
    },
  },
];
