// The signed-in user's companies: list, switch and create (GET/POST /api/companies...).
import { useCallback, useEffect, useRef, useState } from 'react';
import { get, post } from './api';
import { useSignedInUser } from './auth';
import { isUser, type CompaniesResponse, type Company, type User } from './types';

export interface NewCompany {
  name: string;
  website?: string;
  logo_url?: string;
}

export function useCompanies() {
  const { setUser, refreshUser } = useSignedInUser();
  const [data, setData] = useState<CompaniesResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const mounted = useRef(true);

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
    void reload();
  }, [reload]);

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
