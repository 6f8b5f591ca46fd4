// The signed-in user's companies: list, switch and create (GET/POST /api/companies...).
import { useCallback, useState } from 'react';
import { get, post } from './api';
import { useSignedInUser } from './auth';
import { useSeededLoad } from './server-data';
import { isUser, type CompaniesResponse, type Company, type User } from './types';

export interface NewCompany {
  name: string;
  website?: string;
  logo_url?: string;
}

/** `initial`: the companies as the route loader read them on the server (not asked again on mount). */
export function useCompanies(initial: CompaniesResponse | null = null) {
  const { setUser, refreshUser } = useSignedInUser();
  const [data, setData] = useState<CompaniesResponse | null>(initial);
  const fetchCompanies = useCallback((signal: AbortSignal) => get<CompaniesResponse>('/companies', signal), []);
  const { error, loading, reload } = useSeededLoad(fetchCompanies, setData, { seeded: initial !== null });

  /** Makes a company current; the server answers with the updated user. */
  const switchTo = useCallback(
    async (id: string) => {
      const user = await post<User>(`/companies/${encodeURIComponent(id)}/switch`, {});
      if (isUser(user)) setUser(user);
      else await refreshUser();
      await reload();
    },
    [setUser, refreshUser, reload],
  );

  const create = useCallback(
    async (input: NewCompany) => {
      const company = await post<Company>('/companies', input);
      await Promise.all([reload(), refreshUser()]);
      return company;
    },
    [reload, refreshUser],
  );

  const current = data?.companies.find((c) => c.id === data.current_company_id) ?? null;
  return { data, current, error, loading, reload, switchTo, create };
}

export type CompaniesState = ReturnType<typeof useCompanies>;
