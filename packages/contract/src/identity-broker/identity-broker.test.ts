import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { LOGIN_MESSAGES } from '@pledge/domain';
import {
  getAgentFigureInfo,
  getCustomerFigureInfo,
  IDENTITY_BROKER_API_VERSION,
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

  const uuid = '0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b';
  const wallet = { accountAddress: null, groupPolicyAddress: null };
  /** What the previous release (c329e91) answered: document 2 §3's Identity, with no version. */
  const previousAnswer = {
    uuid,
    organizationCode: 'default',
    profileType: 'customer',
    email: 'ada@example.com',
    updatedAt: '2026-01-02T03:04:05.000Z',
    isManageable: true,
    isBroker: false,
    activeLegacyCustomerOrgs: [],
    wallet,
  };
  const answer = {
    ...previousAnswer,
    apiVersion: 2,
    identityUuid: uuid,
    userType: 'customer',
    auth0UserProto: { walletContext: wallet },
  };

  it("answers figureinfo in the catalogue's names (document 2 §7), with its version", () => {
    expect(IDENTITY_BROKER_API_VERSION).toBe(2);
    expect(ZGetFigureInfoResponse.parse(answer)).toEqual(answer);
    // The previous release's answer alone is not this version's.
    expect(ZGetFigureInfoResponse.safeParse(previousAnswer).success).toBe(false);
    expect(ZGetFigureInfoResponse.safeParse({ ...answer, apiVersion: 1 }).success).toBe(false);
  });

  it("still answers every field of the previous release's figureinfo, marked deprecated", () => {
    const previousFields = Object.keys(previousAnswer);
    const fields = ZGetFigureInfoResponse.shape;
    for (const field of previousFields) expect(Object.keys(fields)).toContain(field);
    // Every one is required: a client of the previous release finds it filled.
    for (const field of previousFields) {
      const { [field]: _left, ...without } = answer as Record<string, unknown>;
      expect(ZGetFigureInfoResponse.safeParse(without).success, field).toBe(false);
    }
    const schema = z.toJSONSchema(ZGetFigureInfoResponse, { io: 'output' }) as {
      properties: Record<string, { deprecated?: boolean; description?: string }>;
    };
    const deprecated = Object.entries(schema.properties)
      .filter(([, property]) => property.deprecated === true)
      .map(([name]) => name)
      .sort();
    // Renamed (uuid, profileType, wallet) or dropped (isBroker) since the previous release.
    expect(deprecated).toEqual(['isBroker', 'profileType', 'uuid', 'wallet']);
    for (const name of deprecated) {
      expect(schema.properties[name]?.description).toMatch(/^Deprecated: /);
    }
    expect(schema.properties.identityUuid?.deprecated).toBeUndefined();
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

  it('answers its version, a jwt and a local redirect only', () => {
    const signedIn = { apiVersion: 2, jwt: 'a.b.c', redirectUrl: '/account/crypto-backed-loan' };
    expect(ZPostOtpVerifyResponse.safeParse(signedIn).success).toBe(true);
    // Every field of the previous release's answer is still there.
    expect(ZPostOtpVerifyResponse.safeParse({ ...signedIn, apiVersion: undefined }).success).toBe(
      false,
    );
    expect(
      ZPostOtpVerifyResponse.safeParse({ ...signedIn, redirectUrl: 'https://evil.example' })
        .success,
    ).toBe(false);
  });
});
