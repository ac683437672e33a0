import { ContactsResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';

/** Query keys of the address book, built in one place. */
export const contactKeys = {
  all: ['contacts'] as const,
};

export const contactsQuery = queryOptions({
  queryKey: contactKeys.all,
  queryFn: async () => (await get(ContactsResponse, '/api/contacts')).contacts,
  staleTime: 60_000,
});
