// The signed-in user's companies: list and switch (GET/POST /api/companies...); a new company is
// the dashboard route's action (`create-company`: POST /api/companies).
import { useCallback, useEffect, useState } from 'react';
import { get, post } from './api';
import { useSignedInUser } from './auth';
import { useSeededLoad } from './server-data';
import { isUser, type CompaniesResponse, type User } from './types';

export interface NewCompany {
  name: string;
  website?: string;
  logo_url?: string;
}

/** What the dashboard's action is asked (routes/_index.tsx). */
export interface CompanyRequest {
  intent: 'create-company';
  company: NewCompany;
}

export function isCompanyRequest(value: unknown): value is CompanyRequest {
  const r = value as Partial<CompanyRequest> | null;
  return !!r && r.intent === 'create-company' && typeof r.company === 'object' && r.company !== null && typeof r.company.name === 'string';
}

/**
 * `initial`: the companies as the route loader read them on the server (not asked again on mount;
 * a new reading of the loader, after the route's action, replaces them).
 */
export function useCompanies(initial: CompaniesResponse | null = null) {
  const { setUser, refreshUser } = useSignedInUser();
  const [data, setData] = useState<CompaniesResponse | null>(initial);
  useEffect(() => {
    if (initial) setData(initial);
  }, [initial]);
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

  const current = data?.companies.find((c) => c.id === data.current_company_id) ?? null;
  return { data, current, error, loading, reload, switchTo };
}

export type CompaniesState = ReturnType<typeof useCompanies>;
