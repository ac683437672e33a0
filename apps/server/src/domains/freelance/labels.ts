import type { Locale } from '@app/contracts';

/** What a freelancer's invoice PDF says, in the language it was issued in. Every language holds every key. */
export interface FreelancerInvoiceLabels {
  title: string;
  number: string;
  date: string;
  period: string;
  billTo: string;
  vatId: string;
  vatNumber: string;
  day: string;
  hours: string;
  rate: string;
  amount: string;
  net: string;
  vat: string;
  total: string;
  noDuty: string;
}

export const FREELANCER_INVOICE_LABELS: Record<Locale, FreelancerInvoiceLabels> = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    period: 'Period',
    billTo: 'Bill to',
    vatId: 'VAT ID',
    vatNumber: 'VAT number',
    day: 'Day and duty',
    hours: 'Hours',
    rate: 'Rate',
    amount: 'Amount',
    net: 'Net',
    vat: 'VAT {rate} %',
    total: 'Total',
    noDuty: 'Work',
  },
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    period: 'Leistungszeitraum',
    billTo: 'Rechnungsempfänger',
    vatId: 'USt-IdNr.',
    vatNumber: 'USt-IdNr.',
    day: 'Tag und Dienst',
    hours: 'Stunden',
    rate: 'Stundensatz',
    amount: 'Betrag',
    net: 'Netto',
    vat: 'USt. {rate} %',
    total: 'Gesamt',
    noDuty: 'Arbeit',
  },
  nl: {
    title: 'Factuur',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    period: 'Periode',
    billTo: 'Factuur aan',
    vatId: 'Btw-id',
    vatNumber: 'Btw-nummer',
    day: 'Dag en dienst',
    hours: 'Uren',
    rate: 'Tarief',
    amount: 'Bedrag',
    net: 'Netto',
    vat: 'Btw {rate} %',
    total: 'Totaal',
    noDuty: 'Werk',
  },
  pl: {
    title: 'Faktura',
    number: 'Numer faktury',
    date: 'Data wystawienia',
    period: 'Okres',
    billTo: 'Nabywca',
    vatId: 'NIP UE',
    vatNumber: 'NIP',
    day: 'Dzień i dyżur',
    hours: 'Godziny',
    rate: 'Stawka',
    amount: 'Kwota',
    net: 'Netto',
    vat: 'VAT {rate} %',
    total: 'Razem',
    noDuty: 'Praca',
  },
};
