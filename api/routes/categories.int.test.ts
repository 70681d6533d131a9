import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMissingDefaultCategories } from '../../app/finance/categories';
import { createSuperAdmin, createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

let t: TestApp;
let acme: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: Client;
let viewer: Client;

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedTenant(t, 'Acme Categorias');
  other = await seedTenant(t, 'Outra Empresa');
  admin = acme.admin;
  viewer = acme.users[0];
});
afterAll(async () => t.close());

const expense = (category: string) => ({ description: 'Passagem aérea', amount: '780.00', category, date: '2025-03-10' });

describe('categories API', () => {
  it('gives every new organization the nine default categories (one per budget category), marked isDefault', async () => {
    const response = await admin.request('GET', '/api/categories?sort=["slug","ASC"]');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('categories 0-8/9');
    expect(response.json().map((c: { slug: string; name: string; isDefault: boolean; type: string }) => [c.slug, c.name, c.isDefault, c.type])).toEqual([
      ['administrative', 'Administrativo', true, 'expense'],
      ['hr', 'RH', true, 'expense'],
      ['investment', 'Investimento', true, 'expense'],
      ['marketing', 'Marketing', true, 'expense'],
      ['operational', 'Operacional', true, 'expense'],
      ['sales', 'Vendas', true, 'expense'],
      ['suppliers', 'Fornecedores', true, 'expense'],
      ['taxes', 'Impostos', true, 'expense'],
      ['technology', 'Tecnologia', true, 'expense'],
    ]);
  });

  it('adds a new default to existing organizations once, unless they already have their own category for it', async () => {
    const tenant = await seedTenant(t, 'Organização Antiga', []);
    const own = await seedTenant(t, 'Com Categoria Própria', []);
    await own.admin.request('POST', '/api/categories', { name: 'Frete' });
    const frete = { slug: 'freight', name: 'Frete', color: '#123456', description: 'Transporte de mercadorias' };
    const before = (await tenant.admin.request('GET', '/api/categories')).json().length;
    expect(await addMissingDefaultCategories(t.deps, [frete])).toBeGreaterThanOrEqual(1);
    const after = (await tenant.admin.request('GET', '/api/categories')).json();
    expect(after).toHaveLength(before + 1);
    expect(after.find((c: { slug: string }) => c.slug === 'freight')).toMatchObject({ name: 'Frete', isDefault: true, color: '#123456' });
    // The organization with its own 'Frete' keeps just that one.
    const theirs = (await own.admin.request('GET', '/api/categories')).json().filter((c: { name: string }) => c.name === 'Frete');
    expect(theirs).toHaveLength(1);
    expect(theirs[0].isDefault).toBe(false);
    // Running again (every start does) adds nothing.
    expect(await addMissingDefaultCategories(t.deps, [frete])).toBe(0);
    expect(await addMissingDefaultCategories(t.deps)).toBe(0);
  });

  it('also gives them to an organization the super admin creates', async () => {
    const root = await createSuperAdmin(t);
    const created = await root.request('POST', '/api/admin/organizations', { name: 'Criada pelo Admin', slug: `criada-admin-${Date.now()}` });
    expect(created.statusCode).toBe(201);
    const impersonate = await root.request('POST', '/api/admin/impersonate', { organizationId: created.json().id, reason: 'Conferir categorias' });
    expect(impersonate.statusCode).toBe(200);
    const list = await root.request('GET', '/api/categories');
    expect(list.json().filter((c: { isDefault: boolean }) => c.isDefault)).toHaveLength(9);
  });

  it('creates a category with the slug derived from the name and the default colour', async () => {
    const response = await admin.request('POST', '/api/categories', { name: 'Viagens a Trabalho', description: 'Passagens e hotéis' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Viagens a Trabalho', slug: 'viagens-a-trabalho', color: '#6366f1', isActive: true, isDefault: false, type: 'expense' });
  });

  it('refuses a second category with the same name or slug in the organization, but not in another one', async () => {
    await admin.request('POST', '/api/categories', { name: 'Combustível' });
    const duplicate = await admin.request('POST', '/api/categories', { name: 'combustível' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Já existe uma categoria com este nome nesta organização');
    const sameSlug = await admin.request('POST', '/api/categories', { name: 'Combustível da frota', slug: 'combustível' });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json().message).toBe('Já existe uma categoria com este nome (slug) nesta organização');
    const elsewhere = await other.admin.request('POST', '/api/categories', { name: 'Combustível' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("refuses a default category's name, accents and case aside, on create and on rename", async () => {
    // The default 'Fornecedores' has the slug 'suppliers': the slug alone would let a copy through.
    const copy = await admin.request('POST', '/api/categories', { name: 'fornecedores' });
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe('Já existe uma categoria com este nome nesta organização');
    const created = (await admin.request('POST', '/api/categories', { name: 'Tributos municipais' })).json();
    const renamed = await admin.request('PUT', `/api/categories/${created.id}`, { ...created, name: 'IMPOSTOS' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe('Já existe uma categoria com este nome nesta organização');
    // Its own name in other letters is no clash.
    const recased = await admin.request('PUT', `/api/categories/${created.id}`, { ...created, name: 'Tributos Municipais' });
    expect(recased.statusCode).toBe(200);
    const names = (await admin.request('GET', '/api/categories')).json().map((c: { name: string }) => c.name.toLowerCase());
    expect(names.filter((name: string) => name === 'fornecedores')).toHaveLength(1);
    expect(names.filter((name: string) => name === 'impostos')).toHaveLength(1);
  });

  it('validates with pt-BR messages', async () => {
    const missing = await admin.request('POST', '/api/categories', { description: 'sem nome' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Nome é obrigatório');
    const color = await admin.request('POST', '/api/categories', { name: 'Cor ruim', color: 'azul' });
    expect(color.statusCode).toBe(400);
    expect(color.json().message).toContain('Cor inválida: use o formato #RRGGBB');
  });

  it('updates name, colour and active flag; the slug stays unless asked', async () => {
    const created = (await admin.request('POST', '/api/categories', { name: 'Limpeza' })).json();
    const response = await admin.request('PUT', `/api/categories/${created.id}`, { ...created, name: 'Material de Limpeza', color: '#10B981', isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Material de Limpeza', slug: 'limpeza', color: '#10b981', isActive: false });
  });

  it('refuses to delete a default category', async () => {
    const defaults = (await admin.request('GET', '/api/categories?filter={"isDefault":true}')).json();
    const response = await admin.request('DELETE', `/api/categories/${defaults[0].id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Categorias padrão não podem ser excluídas.');
  });

  it('refuses to delete a category in use with a clear message, and deletes it once unused', async () => {
    const created = (await admin.request('POST', '/api/categories', { name: 'Hospedagem' })).json();
    const e1 = (await admin.request('POST', '/api/expenses', expense('hospedagem'))).json();
    await admin.request('POST', '/api/expenses', expense('hospedagem'));
    const refused = await admin.request('DELETE', `/api/categories/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Esta categoria não pode ser excluída porque está sendo usada por 2 despesas. Altere a categoria dessas despesas ou desative a categoria.');
    const renamed = await admin.request('PUT', `/api/categories/${created.id}`, { slug: 'hotel' });
    expect(renamed.statusCode).toBe(409);
    const all = (await admin.request('GET', '/api/expenses?filter={"category":"hospedagem"}')).json();
    for (const e of all) await admin.request('PUT', `/api/expenses/${e.id}`, { category: 'operational' });
    expect(e1.category).toBe('hospedagem');
    const deleted = await admin.request('DELETE', `/api/categories/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().slug).toBe('hospedagem');
    expect((await admin.request('GET', `/api/categories/${created.id}`)).statusCode).toBe(404);
    // Its slug is free again.
    expect((await admin.request('POST', '/api/categories', { name: 'Hospedagem' })).statusCode).toBe(201);
  });

  it('answers 404 for another tenant\'s category', async () => {
    const theirs = (await other.admin.request('GET', '/api/categories')).json()[0];
    expect((await admin.request('GET', `/api/categories/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.request('PUT', `/api/categories/${theirs.id}`, { name: 'Invadida' })).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/categories/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.request('GET', '/api/categories/nao-e-um-id')).statusCode).toBe(404);
  });

  it('lets a view-only user read but not write (403)', async () => {
    expect((await viewer.request('GET', '/api/categories')).statusCode).toBe(200);
    const mine = (await admin.request('GET', '/api/categories')).json()[0];
    expect((await viewer.request('POST', '/api/categories', { name: 'Proibida' })).statusCode).toBe(403);
    expect((await viewer.request('PUT', `/api/categories/${mine.id}`, { name: 'Proibida' })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `/api/categories/${mine.id}`)).statusCode).toBe(403);
  });

  it('pages, sorts and filters on the server', async () => {
    const page = await admin.request('GET', '/api/categories?sort=["name","DESC"]&range=[0,1]&filter={"isActive":true}');
    expect(page.json()).toHaveLength(2);
    expect(page.headers['content-range']).toMatch(/^categories 0-1\/\d+$/);
    const names = page.json().map((c: { name: string }) => c.name);
    expect([...names].sort((a, b) => b.localeCompare(a))).toEqual(names);
    const q = await admin.request('GET', '/api/categories?filter={"q":"tecno"}');
    expect(q.json().map((c: { slug: string }) => c.slug)).toEqual(['technology']);
  });
});
