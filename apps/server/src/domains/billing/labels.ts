import type { Locale } from '@app/contracts';

/**
 * What an invoice says in the account holder's language: the PDF's words and the direct debit's pre-notification.
 * Every language holds every key (the type makes it so). Placeholders: {name}.
 */
export interface InvoiceLabels {
  title: string;
  number: string;
  date: string;
  period: string;
  customer: string;
  vatNumber: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  employeesLine: string;
  discountLine: string;
  net: string;
  vat: string;
  total: string;
  reverseCharge: string;
  outsideScope: string;
  /** The pre-notification of the SEPA direct debit. */
  preNotification: string;
  noMandate: string;
  registration: string;
}

const en: InvoiceLabels = {
  title: 'Invoice',
  number: 'Invoice number',
  date: 'Invoice date',
  period: 'Billing period',
  customer: 'Customer',
  vatNumber: 'VAT number',
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  employeesLine: 'Subscription: active employees, {from} – {until}',
  discountLine: 'Discount {percent} %',
  net: 'Net amount',
  vat: 'VAT {rate} %',
  total: 'Total',
  reverseCharge: 'Reverse charge: the recipient of the service is liable for the VAT.',
  outsideScope: 'Not subject to EU VAT (service to a customer outside the EU).',
  preNotification:
    'We will collect {amount} by SEPA direct debit on or after {date} from the account {iban} under mandate reference {mandate}, creditor identifier {creditor}.',
  noMandate: 'Please pay {amount} by {date}, quoting the invoice number.',
  registration: 'Registration',
};

const de: InvoiceLabels = {
  title: 'Rechnung',
  number: 'Rechnungsnummer',
  date: 'Rechnungsdatum',
  period: 'Abrechnungszeitraum',
  customer: 'Kunde',
  vatNumber: 'USt-IdNr.',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  amount: 'Betrag',
  employeesLine: 'Abonnement: aktive Mitarbeiter, {from} – {until}',
  discountLine: 'Rabatt {percent} %',
  net: 'Nettobetrag',
  vat: 'USt. {rate} %',
  total: 'Gesamtbetrag',
  reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
  outsideScope: 'Nicht im Inland steuerbare Leistung (Kunde außerhalb der EU).',
  preNotification:
    'Wir ziehen {amount} am oder nach dem {date} per SEPA-Lastschrift vom Konto {iban} ein, Mandatsreferenz {mandate}, Gläubiger-ID {creditor}.',
  noMandate: 'Bitte überweisen Sie {amount} bis zum {date} unter Angabe der Rechnungsnummer.',
  registration: 'Handelsregister',
};

const nl: InvoiceLabels = {
  title: 'Factuur',
  number: 'Factuurnummer',
  date: 'Factuurdatum',
  period: 'Factuurperiode',
  customer: 'Klant',
  vatNumber: 'Btw-nummer',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unitPrice: 'Prijs per stuk',
  amount: 'Bedrag',
  employeesLine: 'Abonnement: actieve medewerkers, {from} – {until}',
  discountLine: 'Korting {percent} %',
  net: 'Nettobedrag',
  vat: 'Btw {rate} %',
  total: 'Totaal',
  reverseCharge: 'Btw verlegd: de afnemer van de dienst is de btw verschuldigd.',
  outsideScope: 'Niet onderworpen aan EU-btw (klant buiten de EU).',
  preNotification:
    'Wij schrijven {amount} op of na {date} per SEPA-incasso af van rekening {iban}, machtigingskenmerk {mandate}, incassant-ID {creditor}.',
  noMandate: 'Graag {amount} vóór {date} overmaken onder vermelding van het factuurnummer.',
  registration: 'Handelsregister',
};

const pl: InvoiceLabels = {
  title: 'Faktura',
  number: 'Numer faktury',
  date: 'Data wystawienia',
  period: 'Okres rozliczeniowy',
  customer: 'Nabywca',
  vatNumber: 'NIP UE',
  description: 'Opis',
  quantity: 'Ilość',
  unitPrice: 'Cena jedn.',
  amount: 'Kwota',
  employeesLine: 'Abonament: aktywni pracownicy, {from} – {until}',
  discountLine: 'Rabat {percent} %',
  net: 'Kwota netto',
  vat: 'VAT {rate} %',
  total: 'Razem',
  reverseCharge: 'Odwrotne obciążenie: podatek rozlicza nabywca usługi.',
  outsideScope: 'Usługa niepodlegająca VAT UE (nabywca spoza UE).',
  preNotification:
    'Kwotę {amount} pobierzemy poleceniem zapłaty SEPA w dniu {date} lub później z rachunku {iban}, numer mandatu {mandate}, identyfikator wierzyciela {creditor}.',
  noMandate: 'Prosimy o zapłatę {amount} do {date}, podając numer faktury.',
  registration: 'Rejestr',
};

export const INVOICE_LABELS: Record<Locale, InvoiceLabels> = { en, de, nl, pl };

export const fillLabel = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => params[key] ?? m);
