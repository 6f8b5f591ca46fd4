// The session as the screens see it. The root loader checks it on the server (GET /api/auth/me
// with the browser's cookies) and the first render starts from that answer: the sign-in / pricing
// screen or the app, never a spinner. After hydration the state is the client's: sign-in,
// sign-up, sign-out and a session that ends while in use change it here. The session itself
// lives in httpOnly cookies set by the gateway: nothing here stores a token.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, get, onSessionEnded, post } from './api';
import { isUser, type SessionResponse, type User } from './types';

/** Why the server could not tell whether the visitor is signed in (sent as data, not an Error). */
export interface SessionProblem {
  status: number;
  code: string;
  message: string;
}

/** What the root loader found (gateway.server.ts), the first state of the AuthProvider. */
export type InitialSession =
  | { status: 'signedIn'; user: User }
  | {
      status: 'signedOut';
      /** True when the server could not be sure (the gateway did not answer, or the browser sent
       * no cookies on a cross-site navigation): the browser asks again after hydration. */
      recheck: boolean;
      problem: SessionProblem | null;
    };

export interface SignUpInput {
  name: string;
  company: string;
  email: string;
  password: string;
  selectedTier: string;
}

type AuthState =
  | { status: 'signedOut'; user: null; checkError: unknown }
  | { status: 'signedIn'; user: User; checkError: null };

export interface AuthContextValue {
  status: AuthState['status'];
  user: User | null;
  /** Why the session check failed, when it was not simply "signed out" (e.g. the server is down). */
  checkError: unknown;
  signIn: (email: string, password: string) => Promise<void>;
  /** Registers. `beforeSignedIn` runs once the account exists (the session cookies are set) and
   * before the app replaces the sign-up screen; when it returns true the page is leaving (e.g. to
   * a checkout) and the screen stays as it is. */
  signUp: (input: SignUpInput, beforeSignedIn?: (user: User) => Promise<boolean>) => Promise<void>;
  /** Signs out; `beforeSignedOut` runs in the same update (e.g. to navigate to /). */
  signOut: (beforeSignedOut?: () => void) => Promise<void>;
  /** Reloads the user (after a profile save, a company switch, ...). */
  refreshUser: () => Promise<void>;
  /** Replaces the user with one the server returned (e.g. POST /companies/{id}/switch). */
  setUser: (user: User) => void;
  /** True while the session is still the one the server rendered the page for: route loader
   * data may then seed a screen. After a sign-in, sign-out or an ended session it may belong to
   * someone else, so screens load their data themselves. */
  serverSession: boolean;
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

function stateOf(initial: InitialSession): AuthState {
  if (initial.status === 'signedIn') return { status: 'signedIn', user: initial.user, checkError: null };
  const { problem } = initial;
  return { status: 'signedOut', user: null, checkError: problem ? new ApiError(problem.status, problem.code, problem.message) : null };
}

export function AuthProvider({ initial, children }: { initial: InitialSession; children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => stateOf(initial));
  const [serverSession, setServerSession] = useState(initial.status === 'signedIn');

  const setSignedIn = useCallback((user: User) => setState({ status: 'signedIn', user, checkError: null }), []);
  const setSignedOut = useCallback(
    (checkError: unknown = null) => setState({ status: 'signedOut', user: null, checkError }),
    [],
  );
  /** A different session from the one the page was rendered for. */
  const changeSession = useCallback(() => setServerSession(false), []);

  const recheck = initial.status === 'signedOut' && initial.recheck;
  useEffect(() => {
    if (!recheck) return;
    let cancelled = false;
    (async () => {
      try {
        // A 401 here is retried once after a refresh by the API client (a dropped access cookie).
        const user = await fetchMe();
        if (cancelled) return;
        changeSession();
        setSignedIn(user);
      } catch (error) {
        if (cancelled) return;
        const signedOut = error instanceof ApiError && error.status === 401;
        setSignedOut(signedOut ? null : error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [recheck, changeSession, setSignedIn, setSignedOut]);

  // A session that ends while in use (refresh failed, revoked elsewhere) shows the sign-in screen.
  useEffect(
    () =>
      onSessionEnded(() => {
        changeSession();
        setState((s) => (s.status === 'signedIn' ? { status: 'signedOut', user: null, checkError: null } : s));
      }),
    [changeSession],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const response = await post<SessionResponse>('/auth/login', { email, password });
      const user = await userFrom(response);
      changeSession();
      setSignedIn(user);
    },
    [changeSession, setSignedIn],
  );

  const signUp = useCallback(
    async (input: SignUpInput, beforeSignedIn?: (user: User) => Promise<boolean>) => {
      const response = await post<SessionResponse>('/auth/register', {
        ...input,
        subscription: { tier: input.selectedTier },
      });
      let user = await userFrom(response);
      if (beforeSignedIn && (await beforeSignedIn(user))) return;
      // The step before may have changed the account (a plan chosen at sign-up).
      if (beforeSignedIn) user = await fetchMe().catch(() => user);
      changeSession();
      setSignedIn(user);
    },
    [changeSession, setSignedIn],
  );

  const signOut = useCallback(async (beforeSignedOut?: () => void) => {
    try {
      await post<void>('/auth/logout', {});
    } catch {
      // Signed out locally either way; the server revokes on its side when it can.
    }
    beforeSignedOut?.();
    changeSession();
    setSignedOut();
  }, [changeSession, setSignedOut]);

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
      serverSession,
    }),
    [state, signIn, signUp, signOut, refreshUser, setSignedIn, serverSession],
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

