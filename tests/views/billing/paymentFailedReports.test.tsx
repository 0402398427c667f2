import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PaymentFailedPage } from '../../../src/views/billing/PaymentFailedPage';
import { renderView } from '../../support/render';
import { pageProps } from './paymentFailedPageProps';

// The payment-failed page's "download reports" (spec 002 §2, §8): the button, the preparing
// message while the PDF is written, failed.reportsDone once it was saved (in both languages), nothing of it while
// another download runs.


describe('downloading the credit reports from the payment-failed page', () => {
  it('says nothing before the first download, and asks for one with the button', async () => {
    const props = pageProps();
    await renderView(<PaymentFailedPage {...props} />);
    expect(screen.queryByText('Your credit reports were downloaded.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download credit reports' }));
    expect(props.onDownloadReports).toHaveBeenCalledTimes(1);
  });

  it('says the reports are being prepared while the PDF is written', async () => {
    await renderView(<PaymentFailedPage {...pageProps({ reportsDownloading: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Preparing your reports…');
    expect(screen.queryByText('Your credit reports were downloaded.')).toBeNull();
  });

  it('says the reports were downloaded once the file was saved (failed.reportsDone)', async () => {
    await renderView(<PaymentFailedPage {...pageProps({ reportsDone: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Your credit reports were downloaded.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says it in Spanish', async () => {
    await renderView(<PaymentFailedPage {...pageProps({ reportsDone: true })} />, { language: 'es' });
    expect(screen.getByRole('status').textContent).toBe('Sus informes de crédito se descargaron.');
  });
});
