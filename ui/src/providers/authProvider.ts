// Who is signed in. The session cookie is httpOnly, so GET /api/auth/me is the only source of truth;
// its answer is kept in memory for 5 minutes and dropped whenever the session changes.
import type { AuthProvider } from 'react-admin';
import { ApiError, apiFetch, apiJson, apiUrl } from './httpClient';
import { queryClient } from './queryClient';
import { forgetSignedInHint, hasSignedInHint, PUBLIC_PATHS } from './signedInHint';

export type Role = 'super_admin' | 'org_admin' | 'user' | 'auditor' | 'analyst';

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  avatar: string | null;
  isImpersonating: boolean;
  /** An auditor's access window ('AAAA-MM-DD', both days included). */
  auditAccess?: { validFrom: string; validUntil: string } | null;
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
}

/** The body of GET /api/auth/me, POST /api/auth/login and POST /api/auth/register. */
export interface Session {
  user: SessionUser;
  organization: Organization | null;
}

/** What `useGetIdentity()` returns: react-admin's identity plus the whole session. */
export interface FluxoIdentity extends Omit<SessionUser, 'avatar'> {
  fullName: string;
  /** The user's picture (an inline data URL), absent when they have none. */
  avatar?: string;
  organization: Organization | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  username: string;
  organizationName: string;
  organizationSlug: string;
}

/** Spec §6: super_admin and org_admin may create, edit and delete; user is view-only. */
export const canEditData = (role: Role | null | undefined): boolean => role === 'super_admin' || role === 'org_admin';

/** The audit trail ('Auditoria', 'Histórico'): the organization's admins and auditors, and the super admin acting as it. */
export const canReadAudit = (role: Role | null | undefined): boolean => role === 'super_admin' || role === 'org_admin' || role === 'auditor';

const SESSION_TTL_MS = 5 * 60 * 1000;

let cached: { session: Session | null; expiresAt: number } | undefined;
let inFlight: Promise<Session | null> | undefined;
// Bumped on every change, so an answer to a /me call started before it is not remembered.
let generation = 0;

const remember = (session: Session | null): Session | null => {
  cached = { session, expiresAt: Date.now() + SESSION_TTL_MS };
  return session;
};

const isSession = (body: unknown): body is Session =>
  typeof (body as Session | undefined)?.user?.id === 'string' && typeof (body as Session).user.role === 'string';

const fetchSession = async (): Promise<Session | null> => {
  const started = generation;
  const keep = (session: Session | null) => (started === generation ? remember(session) : session);
  // No hint: nobody signed in from this browser. A protected screen still asks (a session opened
  // before the hint existed gets it from that answer); a public page knows enough already.
  if (!hasSignedInHint() && PUBLIC_PATHS.has(window.location.pathname)) return keep(null);
  try {
    const body = await apiJson<unknown>('auth/me');
    return keep(isSession(body) ? body : null);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSignedInHint();
      return keep(null);
    }
    // Spec §8 'Failed to fetch user': treated as signed out, but not remembered.
    console.warn('Failed to fetch user', error);
    return null;
  }
};

/**
 * The session this page already knows, without asking the API: public pages (login, register,
 * forgot password) use it so a signed-out visitor's browser never logs a 401 for /api/auth/me.
 */
export const knownSession = (): Session | null => (cached && cached.expiresAt > Date.now() ? cached.session : null);

/** The current session, or null when signed out; asks the API at most every 5 minutes. */
export const getSession = (): Promise<Session | null> => {
  if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.session);
  inFlight ??= fetchSession().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
};

/**
 * Drops the remembered session and react-admin's auth queries (identity, permissions, auth
 * check), so everything showing the user asks again. Call it after a profile update.
 */
export const refreshSession = async (session?: Session | null): Promise<void> => {
  generation += 1;
  cached = undefined;
  inFlight = undefined;
  if (session !== undefined) remember(session);
  await queryClient.invalidateQueries({ queryKey: ['auth'] });
};

/** POST /api/auth/register: creates the organization and its first user, and signs them in. */
export const register = async (registration: Registration): Promise<Session> => {
  const session = await apiJson<Session>('auth/register', { method: 'POST', body: registration });
  await refreshSession(session);
  return session;
};

const toIdentity = ({ user, organization }: Session): FluxoIdentity => ({
  ...user,
  fullName: user.username,
  avatar: user.avatar ?? undefined,
  organization,
});

export const authProvider: AuthProvider = {
  login: async ({ email, password }: Credentials) => {
    const session = await apiJson<Session>('auth/login', { method: 'POST', body: { email, password } });
    await refreshSession(session);
  },

  logout: async () => {
    generation += 1;
    cached = undefined;
    try {
      await apiFetch(apiUrl('auth/logout'), { method: 'POST' });
    } catch (error) {
      // A 401 means the session was already gone: that is a successful logout too.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    forgetSignedInHint();
    remember(null);
  },

  checkAuth: async () => {
    if (!(await getSession())) throw new Error('ra.auth.auth_check_error');
  },

  checkError: async (error: { status?: number }) => {
    if (error?.status === 401) {
      forgetSignedInHint();
      generation += 1;
      remember(null);
      throw error;
    }
    // 403 and everything else: stay signed in; the screen shows what went wrong.
  },

  getIdentity: async () => {
    const session = await getSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return toIdentity(session);
  },

  getPermissions: async () => (await getSession())?.user.role ?? null,
};
