// @vitest-environment jsdom
// What each visitor sees at each kind of path (spec §2), through the real App with a stubbed API.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { refreshSession, type Role } from './providers/authProvider';
import { queryClient } from './providers/queryClient';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const signedInAs = (role: Role) => ({
  user: { id: 'u1', username: 'Ana Souza', email: 'ana@padaria.com.br', role, avatar: null, isImpersonating: false },
  organization: { id: 'o1', name: 'Padaria São João', slug: 'padaria-sao-joao' },
});

const visit = (path: string, session: ReturnType<typeof signedInAs> | null) => {
  // What the server sets beside the session cookie (the page reads it; the session cookie is httpOnly).
  document.cookie = session ? 'fluxo_signed_in=1; path=/' : 'fluxo_signed_in=; Max-Age=0; path=/';
  const fetch = vi.fn(async (url: string) => {
      if (!session) return answer(401, { message: 'Sessão expirada ou inexistente.' });
      // Signed in, the screens' own data calls find nothing here (a 401 would sign the visitor out).
      return url === '/api/auth/me' ? answer(200, session) : answer(404, { message: 'Rota não encontrada' });
  });
  vi.stubGlobal('fetch', fetch);
  window.history.pushState({}, '', path);
  render(<App />);
  return fetch;
};

afterEach(async () => {
  cleanup();
  queryClient.clear();
  await refreshSession();
  vi.unstubAllGlobals();
});

describe('a signed-out visitor', () => {
  it('sees the landing page at /, without being sent to /login, and the API is not asked who they are', async () => {
    const fetch = visit('/', null);
    expect(await screen.findByRole('heading', { name: /Gestão financeira inteligente/ })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is sent to /login from a protected screen', async () => {
    visit('/cash-flow', null);
    expect(await screen.findByText('Ainda não tem uma conta?')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('sees the 404 page at an unknown path', async () => {
    visit('/nao-existe', null);
    expect(await screen.findByText('404 — Página não encontrada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    expect(window.location.pathname).toBe('/nao-existe');
  });
});

describe('a signed-in visitor', () => {
  it('sees the dashboard at / with the sidebar and their organization', async () => {
    visit('/', signedInAs('org_admin'));
    expect(await screen.findByRole('heading', { name: 'Dashboard Financeiro', level: 1 }, { timeout: 20000 })).toBeTruthy();
    expect(await screen.findByText('Padaria São João')).toBeTruthy();
    expect(screen.getByText('Usuários')).toBeTruthy();
    expect(screen.queryByText('Painel Admin')).toBeNull();
  });

  it('sees the 404 page inside the layout at an unknown path', async () => {
    visit('/nao-existe', signedInAs('user'));
    expect(await screen.findByText('404 — Página não encontrada', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Fluxo de Caixa')).toBeTruthy();
    expect(screen.queryByText('Usuários')).toBeNull();
  });

  it('as super admin not impersonating sees the admin panel only', async () => {
    visit('/', signedInAs('super_admin'));
    // Not acting as a tenant: the admin panel only — no tenant menu, no dashboard.
    expect(await screen.findByRole('heading', { name: 'Painel Administrativo' }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin');
    expect(screen.queryByText('Fluxo de Caixa')).toBeNull();
    expect(screen.queryByText('Dashboard Financeiro')).toBeNull();
  });
});
