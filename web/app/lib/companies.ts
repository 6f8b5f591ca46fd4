// The signed-in user's companies: list, switch and create (GET/POST /api/companies...).
import { useCallback, useEffect, useRef, useState } from 'react';
import { get, post } from './api';
import { useSignedInUser } from './auth';
import { useSkipFirstLoad } from './server-data';
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
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(initial === null);
  const mounted = useRef(true);
  const skipFirstLoad = useSkipFirstLoad(initial !== null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const result = await get<CompaniesResponse>('/companies');
      if (!mounted.current) return;
      setData(result);
      setError(null);
    } catch (err) {
      if (mounted.current) setError(err);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (skipFirstLoad()) return;
    void reload();
  }, [reload, skipFirstLoad]);

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
