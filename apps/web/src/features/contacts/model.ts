import type { Contact } from '@app/contracts';

/** Contacts whose name, job, e-mail, phone or planning holds every word of the query (case and accents ignored). */
export function searchContacts(contacts: readonly Contact[], query: string): Contact[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...contacts];
  return contacts.filter((c) => {
    const text = fold(
      [c.fname, c.lname, c.jobTitle, c.email, c.phone, c.mobile, ...c.locations].filter(Boolean).join(' '),
    );
    const digits = text.replace(/[^\d+]/g, '');
    return words.every((w) => text.includes(w) || (/^[\d+\s]+$/.test(w) && digits.includes(w.replace(/\s/g, ''))));
  });
}

/** A phone number as a tel: link takes it: digits and a leading plus. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
