// The session as the screens see it. On load it asks GET /api/auth/me; the answer decides between
// the sign-in / pricing screen and the app. The session itself lives in httpOnly cookies set by
// the gateway: nothing here stores a token.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, get, onSessionEnded, post } from './api';
import { isUser, type SessionResponse, type User } from './types';

export interface SignUpInput {
  name: string;
  company: string;
  email: string;
  password: string;
  selectedTier: string;
}

type AuthState =
  | { status: 'loading'; user: null; checkError: unknown }
  | { status: 'signedOut'; user: null; checkError: unknown }
  | { status: 'signedIn'; user: User; checkError: null };

export interface AuthContextValue {
  status: AuthState['status'];
  user: User | null;
  /** Why the session check failed, when it was not simply "signed out" (e.g. the server is down). */
  checkError: unknown;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (input: SignUpInput) => Promise<void>;
  /** Signs out; `beforeSignedOut` runs in the same update (e.g. to navigate to /). */
  signOut: (beforeSignedOut?: () => void) => Promise<void>;
  /** Reloads the user (after a profile save, a company switch, ...). */
  refreshUser: () => Promise<void>;
  /** Replaces the user with one the server returned (e.g. POST /companies/{id}/switch). */
  setUser: (user: User) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function fetchMe(): Promise<User> {
  const user = await get<unknown>('/auth/me');
  if (!isUser(user)) throw new ApiError(502, 'BAD_RESPONSE');
  return user;
}

/** The user from a sign-in / sign-up answer, or from /auth/me when the answer lacks it. */
async function userFrom(response: SessionResponse | undefined): Promise<User> {
  return response && isUser(response.user) ? response.user : fetchMe();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, checkError: null });

  const setSignedIn = useCallback((user: User) => setState({ status: 'signedIn', user, checkError: null }), []);
  const setSignedOut = useCallback(
    (checkError: unknown = null) => setState({ status: 'signedOut', user: null, checkError }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        // A 401 here is retried once after a refresh by the API client (a dropped access cookie).
        const user = await fetchMe();
        if (!cancelled) setSignedIn(user);
      } catch (error) {
        if (cancelled) return;
        const signedOut = error instanceof ApiError && error.status === 401;
        setSignedOut(signedOut ? null : error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [setSignedIn, setSignedOut]);

  // A session that ends while in use (refresh failed, revoked elsewhere) shows the sign-in screen.
  useEffect(
    () =>
      onSessionEnded(() =>
        setState((s) => (s.status === 'signedIn' ? { status: 'signedOut', user: null, checkError: null } : s)),
      ),
    [],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const response = await post<SessionResponse>('/auth/login', { email, password });
      setSignedIn(await userFrom(response));
    },
    [setSignedIn],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const response = await post<SessionResponse>('/auth/register', {
        ...input,
        subscription: { tier: input.selectedTier },
      });
      setSignedIn(await userFrom(response));
    },
    [setSignedIn],
  );

  const signOut = useCallback(async (beforeSignedOut?: () => void) => {
    try {
      await post<void>('/auth/logout', {});
    } catch {
      // Signed out locally either way; the server revokes on its side when it can.
    }
    beforeSignedOut?.();
    setSignedOut();
  }, [setSignedOut]);

  const refreshUser = useCallback(async () => {
    setSignedIn(await fetchMe());
  }, [setSignedIn]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      checkError: state.checkError,
      signIn,
      signUp,
      signOut,
      refreshUser,
      setUser: setSignedIn,
    }),
    [state, signIn, signUp, signOut, refreshUser, setSignedIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For screens behind the guard: the signed-in user, never null. */
export function useSignedInUser(): AuthContextValue & { user: User } {
  const auth = useAuth();
  if (!auth.user) throw new Error('useSignedInUser used outside the signed-in area');
  return auth as AuthContextValue & { user: User };
}
