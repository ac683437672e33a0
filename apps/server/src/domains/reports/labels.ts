import type { DownloadField, Locale, ReportGroup } from '@app/contracts';

/**
 * What the downloaded files say, in the member's language: column headings, the grouping column, statuses, sums
 * and the printable roster's words. Every language holds every key (reports.test.ts checks).
 */
export interface FileLabels {
  sheet: string;
  fields: Record<DownloadField, string>;
  groups: Record<ReportGroup, string>;
  statuses: Record<string, string>;
  yes: string;
  no: string;
  noClient: string;
  sum: string;
  open: string;
  roster: {
    title: string;
    week: string;
    printed: string;
    nobody: string;
    /** A person whose name the planner restriction hides (numbered per print). */
    colleague: string;
    /** The column and the row of the hours planned. */
    total: string;
    /** A person's planned hours against their contract's for the week. */
    ofContract: string;
    over: string;
    under: string;
    /** A person's day marks, as the grid's blocks (vacation, sickness) and shading (unavailable, limited). */
    vacation: string;
    sick: string;
    unavailable: string;
    limited: string;
  };
}

const en: FileLabels = {
  sheet: 'Hours',
  fields: {
    fname: 'First name',
    lname: 'Last name',
    email: 'E-mail',
    mobile: 'Mobile',
    status: 'Status',
    date: 'Date',
    from: 'From',
    until: 'Until',
    break: 'Break (min)',
    total: 'Total (h)',
    overtime: 'Overtime (h)',
    rate: 'Rate (€/h)',
    expenses_amount: 'Expenses (€)',
    expenses_compensation: 'Travel compensation (€)',
    expenses_travel: 'Travel (km)',
    expenses_other: 'Other (comment)',
    sickness: 'Sick',
    employee_number: 'Employee number',
    birthday: 'Birthday',
    duty: 'Duty',
    location: 'Planning',
    created_at: 'Registered at',
    approved_at: 'Approved at',
    approved_by: 'Approved by',
    salary: 'Wage (€)',
  },
  groups: { employee: 'Employee', client: 'Client', planning: 'Planning' },
  statuses: { pending: 'Pending', approved: 'Approved', denied: 'Denied', assigned: 'Planned', open: 'Open' },
  yes: 'yes',
  no: 'no',
  noClient: 'No client',
  sum: 'Sum',
  open: 'Open duty',
  roster: {
    title: 'Roster {location}',
    week: 'Week {week}: {from} to {until}',
    printed: 'Printed {at}',
    nobody: 'No duties this week.',
    colleague: 'Colleague {n}',
    total: 'Total',
    ofContract: '{planned} of {contract} h',
    over: 'over contract',
    under: 'under contract',
    vacation: 'Vacation',
    sick: 'Sick',
    unavailable: 'Unavailable',
    limited: 'Limited availability',
  },
};

const de: FileLabels = {
  sheet: 'Stunden',
  fields: {
    fname: 'Vorname',
    lname: 'Nachname',
    email: 'E-Mail',
    mobile: 'Mobil',
    status: 'Status',
    date: 'Datum',
    from: 'Von',
    until: 'Bis',
    break: 'Pause (Min.)',
    total: 'Gesamt (Std.)',
    overtime: 'Überstunden (Std.)',
    rate: 'Stundenlohn (€)',
    expenses_amount: 'Auslagen (€)',
    expenses_compensation: 'Fahrtkostenerstattung (€)',
    expenses_travel: 'Fahrt (km)',
    expenses_other: 'Sonstiges (Kommentar)',
    sickness: 'Krank',
    employee_number: 'Personalnummer',
    birthday: 'Geburtstag',
    duty: 'Funktion',
    location: 'Planung',
    created_at: 'Erfasst am',
    approved_at: 'Freigegeben am',
    approved_by: 'Freigegeben von',
    salary: 'Lohn (€)',
  },
  groups: { employee: 'Mitarbeiter', client: 'Kunde', planning: 'Planung' },
  statuses: {
    pending: 'Offen zur Freigabe',
    approved: 'Freigegeben',
    denied: 'Abgelehnt',
    assigned: 'Geplant',
    open: 'Offen',
  },
  yes: 'ja',
  no: 'nein',
  noClient: 'Kein Kunde',
  sum: 'Summe',
  open: 'Offener Dienst',
  roster: {
    title: 'Dienstplan {location}',
    week: 'KW {week}: {from} bis {until}',
    printed: 'Gedruckt {at}',
    nobody: 'Keine Dienste in dieser Woche.',
    colleague: 'Kollege/Kollegin {n}',
    total: 'Summe',
    ofContract: '{planned} von {contract} Std.',
    over: 'über Vertrag',
    under: 'unter Vertrag',
    vacation: 'Urlaub',
    sick: 'Krank',
    unavailable: 'Nicht verfügbar',
    limited: 'Eingeschränkt verfügbar',
  },
};

const nl: FileLabels = {
  sheet: 'Uren',
  fields: {
    fname: 'Voornaam',
    lname: 'Achternaam',
    email: 'E-mail',
    mobile: 'Mobiel',
    status: 'Status',
    date: 'Datum',
    from: 'Van',
    until: 'Tot',
    break: 'Pauze (min)',
    total: 'Totaal (u)',
    overtime: 'Overuren (u)',
    rate: 'Uurloon (€)',
    expenses_amount: 'Onkosten (€)',
    expenses_compensation: 'Reiskostenvergoeding (€)',
    expenses_travel: 'Reis (km)',
    expenses_other: 'Overig (opmerking)',
    sickness: 'Ziek',
    employee_number: 'Personeelsnummer',
    birthday: 'Geboortedatum',
    duty: 'Functie',
    location: 'Planning',
    created_at: 'Geregistreerd op',
    approved_at: 'Goedgekeurd op',
    approved_by: 'Goedgekeurd door',
    salary: 'Loon (€)',
  },
  groups: { employee: 'Medewerker', client: 'Klant', planning: 'Planning' },
  statuses: {
    pending: 'In behandeling',
    approved: 'Goedgekeurd',
    denied: 'Afgewezen',
    assigned: 'Ingepland',
    open: 'Open',
  },
  yes: 'ja',
  no: 'nee',
  noClient: 'Geen klant',
  sum: 'Totaal',
  open: 'Open dienst',
  roster: {
    title: 'Rooster {location}',
    week: 'Week {week}: {from} t/m {until}',
    printed: 'Afgedrukt {at}',
    nobody: 'Geen diensten deze week.',
    colleague: 'Collega {n}',
    total: 'Totaal',
    ofContract: '{planned} van {contract} u',
    over: 'boven contract',
    under: 'onder contract',
    vacation: 'Vakantie',
    sick: 'Ziek',
    unavailable: 'Niet beschikbaar',
    limited: 'Beperkt beschikbaar',
  },
};

const pl: FileLabels = {
  sheet: 'Godziny',
  fields: {
    fname: 'Imię',
    lname: 'Nazwisko',
    email: 'E-mail',
    mobile: 'Komórka',
    status: 'Status',
    date: 'Data',
    from: 'Od',
    until: 'Do',
    break: 'Przerwa (min)',
    total: 'Razem (godz.)',
    overtime: 'Nadgodziny (godz.)',
    rate: 'Stawka (€/godz.)',
    expenses_amount: 'Wydatki (€)',
    expenses_compensation: 'Zwrot za dojazd (€)',
    expenses_travel: 'Dojazd (km)',
    expenses_other: 'Inne (komentarz)',
    sickness: 'Choroba',
    employee_number: 'Numer pracownika',
    birthday: 'Data urodzenia',
    duty: 'Funkcja',
    location: 'Planowanie',
    created_at: 'Zarejestrowano',
    approved_at: 'Zatwierdzono',
    approved_by: 'Zatwierdził(a)',
    salary: 'Wynagrodzenie (€)',
  },
  groups: { employee: 'Pracownik', client: 'Klient', planning: 'Planowanie' },
  statuses: {
    pending: 'Oczekuje',
    approved: 'Zatwierdzone',
    denied: 'Odrzucone',
    assigned: 'Zaplanowane',
    open: 'Otwarte',
  },
  yes: 'tak',
  no: 'nie',
  noClient: 'Brak klienta',
  sum: 'Suma',
  open: 'Otwarty dyżur',
  roster: {
    title: 'Grafik {location}',
    week: 'Tydzień {week}: {from} do {until}',
    printed: 'Wydrukowano {at}',
    nobody: 'Brak dyżurów w tym tygodniu.',
    colleague: 'Współpracownik {n}',
    total: 'Suma',
    ofContract: '{planned} z {contract} godz.',
    over: 'ponad umowę',
    under: 'poniżej umowy',
    vacation: 'Urlop',
    sick: 'Choroba',
    unavailable: 'Niedostępny',
    limited: 'Ograniczona dostępność',
  },
};

export const FILE_LABELS: Record<Locale, FileLabels> = { en, de, nl, pl };

export const fileLabels = (locale: string): FileLabels => FILE_LABELS[locale as Locale] ?? en;

export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
