// @vitest-environment jsdom
// 'Ver como em': the picker writes the instant into the URL (shareable), the banner says what the
// screen shows while in the past, and 'Voltar ao presente' takes the instant out again.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useAsOf } from '../lib/asOf';
import { AsOfBanner, AsOfPicker } from './TimeTravel';

afterEach(cleanup);

const Location = () => <output data-testid="location">{decodeURIComponent(useLocation().search)}</output>;

const Screen = () => {
  const state = useAsOf();
  return (
    <>
      <AsOfPicker state={state} />
      <AsOfBanner state={state} />
      <Location />
    </>
  );
};

const renderAt = (url: string) => render(<MemoryRouter initialEntries={[url]}><Screen /></MemoryRouter>);

describe("'Ver como em'", () => {
  it('shows no banner in the present', () => {
    renderAt('/?period=6months');
    expect(screen.queryByTestId('as-of-banner')).toBeNull();
  });

  it('puts the picked São Paulo date and time into the URL, keeping the other parameters, and shows the banner', () => {
    renderAt('/?period=6months');
    fireEvent.change(screen.getByLabelText('Ver como em'), { target: { value: '2025-03-12T14:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver' }));
    expect(screen.getByTestId('location').textContent).toBe('?period=6months&asOf=2025-03-12T14:30-03:00');
    expect(screen.getByTestId('as-of-banner').textContent).toContain('Você está vendo os dados como estavam em 12/03/2025 14:30');
  });

  it('refuses a moment in the future', () => {
    renderAt('/');
    fireEvent.change(screen.getByLabelText('Ver como em'), { target: { value: '2999-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver' }));
    expect(screen.getByText('Escolha um momento no passado')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it("opens a shared link in the past, and 'Voltar ao presente' returns", () => {
    renderAt('/reports?asOf=2025-03-12T17:30:00Z');
    expect(screen.getByTestId('as-of-banner').textContent).toContain('12/03/2025 14:30');
    expect((screen.getByLabelText('Ver como em') as HTMLInputElement).value).toBe('2025-03-12T14:30');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar ao presente' }));
    expect(screen.queryByTestId('as-of-banner')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('ignores an asOf in the URL that is not an instant', () => {
    renderAt('/?asOf=ontem');
    expect(screen.queryByTestId('as-of-banner')).toBeNull();
  });
});
