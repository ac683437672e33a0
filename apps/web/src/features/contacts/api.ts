import { ContactsResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';

/** Query keys of the address book, built in one place. */
export const contactKeys = {
  all: ['contacts'] as const,
};

export const contactsQuery = queryOptions({
  queryKey: contactKeys.all,
  queryFn: async () => ContactsResponse.parse(await get<unknown>('/api/contacts')).contacts,
  staleTime: 60_000,
});
