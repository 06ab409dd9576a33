import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getOpsBrands, postOpsBrand, type TGetOpsBrandsResponse } from '@pledge/contract';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../../ops/ops-test-session.js';
import { brandRow } from '../ops-brands-test-data.js';

signInAgentBeforeEach();

const LIST: TGetOpsBrandsResponse = {
  brands: [
    brandRow(),
    brandRow({
      orgCode: 'acme',
      companyName: 'Acme Credit',
      publishedVersion: null,
      draftVersion: 1,
      hosts: ['loans.acme.test'],
    }),
  ],
};

describe('/ops/brands', () => {
  it('lists the brands with their served version and draft, and refuses a faint new brand before sending it', async () => {
    const created: unknown[] = [];
    mockAgentFetch({
      [`GET ${getOpsBrands.path}`]: () => jsonResponse(LIST),
      [`POST ${postOpsBrand.path}`]: (_url, init) => {
        created.push(sentBody(init));
        return jsonResponse({}, 500);
      },
    });
    const { user } = renderApp('/ops/brands');
    await findPageHeading('Brands');
    const table = await screen.findByRole('table', { name: 'Brands' }, LOADED);
    const acme = within(table).getByRole('row', { name: /Acme Credit/ });
    expect(acme).toHaveTextContent('Not published');
    expect(acme).toHaveTextContent('loans.acme.test');
    expect(within(acme).getByRole('link', { name: /Acme Credit/ })).toHaveAttribute(
      'href',
      '/ops/brands/acme',
    );

    await user.click(screen.getByRole('button', { name: 'New brand' }));
    const muted = screen.getByLabelText('Secondary text (hex)');
    await user.clear(muted);
    await user.type(muted, '#bbbbbb');
    expect(await screen.findByRole('alert')).toHaveTextContent(/secondary|muted/i);
    await user.click(screen.getByRole('button', { name: 'Create the brand as a draft' }));
    expect(created).toEqual([]);
  });
});
