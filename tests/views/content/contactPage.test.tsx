import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactPage } from '../../../src/views/contact/ContactPage';
import { renderView } from '../../support/render';

// /contact (spec 000 §2.2): its own header without the contact icon, the phone with its hours, the contact form.

describe('the contact page', () => {
  it('shows the phone with its hours and the contact form under a header with only the brand', async () => {
    await renderView(<ContactPage email={null} onDone={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Contact us', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+18005550199');
    expect(screen.getByText(/Monday/)).toBeTruthy();
    expect(screen.getByText('contact form')).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link')).toHaveLength(1);
  });

  it('leaves the phone out where the site has none (admin site) and keeps the form', async () => {
    await renderView(<ContactPage email={null} onDone={() => undefined} />, { support: { showPhone: false } });
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull();
    expect(screen.getByText('contact form')).toBeTruthy();
  });

  it('is in Spanish', async () => {
    await renderView(<ContactPage email={null} onDone={() => undefined} />, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Contáctenos', level: 1 })).toBeTruthy();
  });
});
