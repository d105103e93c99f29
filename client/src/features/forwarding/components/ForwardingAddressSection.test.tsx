import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/http';
import { renderWithApp } from '@/test/render';
import { ForwardingAddressSection } from './ForwardingAddressSection';

const ADDRESS = '*/api/forwarding-address';
const FIRST = 'check+aaaaaaaaaaaaaaaaaaaaaaaa@redflag.test';
const NEXT = 'check+bbbbbbbbbbbbbbbbbbbbbbbb@redflag.test';

describe('ForwardingAddressSection', () => {
  it('shows the address, and renews it only after the user confirms', async () => {
    let renewed = 0;
    server.use(
      http.get(ADDRESS, () => HttpResponse.json({ enabled: true, address: FIRST, hint: 'check+aaaa…@redflag.test' })),
      http.post(`${ADDRESS}/renew`, () => {
        renewed++;
        return HttpResponse.json({ enabled: true, address: NEXT, hint: 'check+bbbb…@redflag.test' });
      }),
    );
    const { user } = renderWithApp(<ForwardingAddressSection />);
    expect(await screen.findByTestId('forwarding-address-value')).toHaveTextContent(FIRST);
    expect(screen.getByText(/shown in full only this once/)).toBeInTheDocument();
    expect(screen.getByText(/from the e-mail address of your RedFlag account/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renew address' }));
    expect(screen.getByRole('group', { name: 'Renew your forwarding address' })).toHaveTextContent(
      'will stop working at once',
    );
    await user.click(screen.getByRole('button', { name: 'Keep this one' }));
    expect(renewed).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Renew address' }));
    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    expect(await screen.findByText(NEXT)).toBeInTheDocument();
    expect(renewed).toBe(1);
  });

  it('names an address it can no longer show by its start, says why, and offers a new one', async () => {
    server.use(
      http.get(ADDRESS, () => HttpResponse.json({ enabled: true, address: null, hint: 'check+aaaa…@redflag.test' })),
      http.post(`${ADDRESS}/renew`, () =>
        HttpResponse.json({ enabled: true, address: NEXT, hint: 'check+bbbb…@redflag.test' }),
      ),
    );
    const { user } = renderWithApp(<ForwardingAddressSection />);
    expect(await screen.findByTestId('forwarding-address-value')).toHaveTextContent('check+aaaa…@redflag.test');
    expect(screen.getByText(/keeps working/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Renew address' }));
    await user.click(screen.getByRole('button', { name: 'Get a new address' }));
    expect(await screen.findByTestId('forwarding-address-value')).toHaveTextContent(NEXT);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('is not shown when the server takes no mail', async () => {
    let answered = false;
    server.use(
      http.get(ADDRESS, () => {
        answered = true;
        return HttpResponse.json({ enabled: false, address: null, hint: null });
      }),
    );
    renderWithApp(<ForwardingAddressSection />);
    await expect.poll(() => answered).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Check an e-mail by forwarding it')).toBeNull();
  });
});
