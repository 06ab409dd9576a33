import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '@pledge/domain';
import {
  getAgentFigureInfo,
  getCustomerFigureInfo,
  makeGetFigureInfo,
  ZGetFigureInfoResponse,
} from './get-figure-info.js';
import { postAgentLogin, postCustomerLogin, ZPostLoginQuery } from './post-login.js';
import { postAgentLogout, postCustomerLogout } from './post-logout.js';
import { ZPostOtpVerifyBody, ZPostOtpVerifyResponse } from './post-otp-verify.js';

const nonce = 'b3f1c2d4e5f60718293a4b5c6d7e8f90';

describe('identity broker endpoints', () => {
  it('builds one endpoint per audience, agents authenticating as agents', () => {
    expect(getCustomerFigureInfo.auth).toBe('bearer');
    expect(getAgentFigureInfo.auth).toBe('agent');
    expect(makeGetFigureInfo('agent').path).toBe(getAgentFigureInfo.path);
    expect(postCustomerLogout.auth).toBe('bearer');
    expect(postAgentLogout.auth).toBe('agent');
    expect(postCustomerLogin.auth).toBe('none');
    expect(postAgentLogin.path).toBe('/identity-broker/agent/api/v3/login');
  });

  it("answers figureinfo in the catalogue's names (document 2 §7)", () => {
    const answer = {
      identityUuid: '0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b',
      organizationCode: 'default',
      userType: 'customer',
      email: 'ada@example.com',
      updatedAt: '2026-01-02T03:04:05.000Z',
      isManageable: true,
      activeLegacyCustomerOrgs: [],
      auth0UserProto: { walletContext: { accountAddress: null, groupPolicyAddress: null } },
    };
    expect(ZGetFigureInfoResponse.parse(answer)).toEqual(answer);
    const { identityUuid, userType, auth0UserProto, ...rest } = answer;
    const oldNames = {
      ...rest,
      uuid: identityUuid,
      profileType: userType,
      wallet: auth0UserProto.walletContext,
    };
    expect(ZGetFigureInfoResponse.safeParse(oldNames).success).toBe(false);
  });

  it('accepts a sign-in that returns to a page of the app', () => {
    const query = {
      redirectUrl: '/account/crypto-backed-loan/start?state=OH',
      nonce,
      telemetryTrackingId: '0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b',
    };
    expect(ZPostLoginQuery.parse(query)).toEqual(query);
  });

  it('leaves the return path to the server, which falls back to the landing page', () => {
    // Refusing a bad return path would block the sign-in itself; the server ignores it instead.
    expect(ZPostLoginQuery.safeParse({ redirectUrl: 'https://evil.example', nonce }).success).toBe(
      true,
    );
    expect(ZPostLoginQuery.safeParse({ nonce }).success).toBe(true);
    expect(ZPostLoginQuery.safeParse({ redirectUrl: '/a'.repeat(1025), nonce }).success).toBe(
      false,
    );
  });

  it.each([{}, { nonce: 'short' }, { nonce: 'n'.repeat(129) }])('needs a nonce: %j', (query) => {
    expect(ZPostLoginQuery.safeParse(query).success).toBe(false);
  });

  it('verifies a code with the sign-in messages of the domain', () => {
    const body = { email: 'ada@example.com', code: '123456', nonce };
    expect(ZPostOtpVerifyBody.parse(body)).toEqual(body);
    const bad = ZPostOtpVerifyBody.safeParse({ email: 'ada', code: '12345', nonce });
    expect(bad.error?.issues.map((issue) => issue.message).sort()).toEqual(
      [LOGIN_MESSAGES.code, LOGIN_MESSAGES.email].sort(),
    );
  });

  it('takes the authenticator code when two-factor sign-in needs it, in the same form', () => {
    const body = { email: 'ada@example.com', code: '123456', nonce, totp: '654321' };
    expect(ZPostOtpVerifyBody.parse(body)).toEqual(body);
    const bad = ZPostOtpVerifyBody.safeParse({ ...body, totp: '12' });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['totp']);
  });

  it('answers a jwt and a local redirect only', () => {
    expect(
      ZPostOtpVerifyResponse.safeParse({ jwt: 'a.b.c', redirectUrl: '/account/crypto-backed-loan' })
        .success,
    ).toBe(true);
    expect(
      ZPostOtpVerifyResponse.safeParse({ jwt: 'a.b.c', redirectUrl: 'https://evil.example' })
        .success,
    ).toBe(false);
  });
});
