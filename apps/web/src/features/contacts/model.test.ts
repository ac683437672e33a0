import type { Contact } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { searchContacts, telHref } from './model';

const contact = (over: Partial<Contact>): Contact => ({
  membershipId: 'm',
  userId: 'u',
  fname: 'Anna',
  lname: 'Schmidt',
  email: 'anna@example.com',
  phone: null,
  mobile: '+49 151 2000000',
  jobTitle: 'Cook',
  locations: ['Café am Markt'],
  hidden: false,
  ...over,
});

describe('searchContacts', () => {
  const list = [
    contact({}),
    contact({ membershipId: 'b', fname: 'Jörg', lname: 'Müller', jobTitle: 'Waiter', locations: [] }),
  ];
  it('finds by any word of name, job or planning, ignoring case and accents', () => {
    expect(searchContacts(list, 'joerg').length).toBe(0);
    expect(searchContacts(list, 'jorg muller').map((c) => c.fname)).toEqual(['Jörg']);
    expect(searchContacts(list, 'cafe').map((c) => c.fname)).toEqual(['Anna']);
    expect(searchContacts(list, 'WAITER').map((c) => c.fname)).toEqual(['Jörg']);
  });
  it('finds a phone number typed with or without spaces', () => {
    expect(searchContacts(list, '1512000').map((c) => c.membershipId)).toEqual(['m', 'b']);
  });
  it('answers everyone for an empty query', () => {
    expect(searchContacts(list, '  ')).toHaveLength(2);
  });
});

describe('telHref', () => {
  it('keeps digits and the leading plus', () => {
    expect(telHref('+49 (151) 200-0000')).toBe('tel:+491512000000');
  });
});
