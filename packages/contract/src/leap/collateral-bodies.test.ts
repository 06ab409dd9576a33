import { describe, expect, it } from 'vitest';
import { RETURN_ADDRESS_MESSAGES } from '@pledge/domain';
import { ZPostCollateralReleaseBody } from './post-collateral-release.js';
import { ZPostCollateralSourceWalletTypeBody } from './post-collateral-source-wallet-type.js';
import { ZPostWalletAddressBody } from './post-wallet-address.js';

describe('collateral and payout bodies', () => {
  it('takes the wallet type as a bare JSON string', () => {
    expect(ZPostCollateralSourceWalletTypeBody.parse(JSON.parse('"SELF_HOSTED"'))).toBe(
      'SELF_HOSTED',
    );
    expect(ZPostCollateralSourceWalletTypeBody.safeParse({ walletType: 'CUSTODIAL' }).success).toBe(
      false,
    );
  });

  it('trims the return address and requires it', () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(ZPostCollateralReleaseBody.parse({ returnAddress: `  ${address} ` })).toEqual({
      returnAddress: address,
    });
    expect(
      ZPostCollateralReleaseBody.safeParse({ returnAddress: '   ' }).error?.issues[0]?.message,
    ).toBe(RETURN_ADDRESS_MESSAGES.required);
  });

  it('checks a USDC address against its chain', () => {
    const evm = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(ZPostWalletAddressBody.safeParse({ address: evm, chain: 'Base' }).success).toBe(true);
    expect(ZPostWalletAddressBody.safeParse({ address: evm, chain: 'Solana' }).success).toBe(false);
    expect(ZPostWalletAddressBody.safeParse({ address: '' }).success).toBe(false);
  });
});
