// The readable 'fluxo_signed_in' cookie the server sets beside the httpOnly session cookie
// (app/identity/sessions.ts): no secret, only whether this browser has signed in, so a public page
// knows without asking /api/auth/me.
const HINT_COOKIE = 'fluxo_signed_in';

export const hasSignedInHint = (): boolean => document.cookie.split(';').some((part) => part.trim().startsWith(`${HINT_COOKIE}=`));

export const forgetSignedInHint = (): void => {
  document.cookie = `${HINT_COOKIE}=; Max-Age=0; path=/`;
};

/** Pages a signed-out visitor may see: without the hint cookie they do not ask /api/auth/me. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/', '/landing', '/login', '/register', '/forgot-password', '/reset-password', '/confirm-email']);

/**
 * After signing in or registering: the signed-in app is a separate bundle from the public pages
 * (main.tsx), so it is entered with a page load, as a link from outside would.
 */
export const enterSignedInApp = (path: string): void => {
  window.location.assign(path);
};
