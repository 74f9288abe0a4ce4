import type { Variant } from '@wallet/contract/account';
import type {
  ActiveResponse,
  BanksResponse,
  ContactResponse,
  FeatureFlagResponse,
  HowtoResponse,
  HtmlDocumentResponse,
  InfoResponse,
  NoticeResponse,
  SlipLookupResponse,
  SourcesResponse,
  TruelinkKeyResponse,
  WithdrawLimitsResponse,
} from '@wallet/contract/lookup';
import { fromMinor } from '@wallet/contract/money';
import type { Db } from '../../db/client';
import type { ServiceState } from '../settings/service-state';
import { readSetting } from '../settings/settings.repository';
import { listBanks, listSources } from './lookup.repository';

/**
 * Which banks a variant offers (docs/decisions/0011-variant-banks.md): Thai banks in the Thai
 * build; Lao banks first, then Thai ones, in the Laos build (a BAHT wallet pays out to Thai
 * banks).
 */
export function bankCountries(variant: Variant): readonly string[] {
  return variant.laos ? ['LA', 'TH'] : ['TH'];
}

export class LookupService {
  constructor(private readonly deps: { db: Db; variant: Variant; serviceState: ServiceState }) {}

  async banks(): Promise<BanksResponse> {
    const rows = await listBanks(this.deps.db, bankCountries(this.deps.variant));
    const order = bankCountries(this.deps.variant);
    const sorted = [...rows].sort((a, b) => order.indexOf(a.country) - order.indexOf(b.country));
    return { banks: sorted.map(({ code, nameTH, nameEN }) => ({ code, nameTH, nameEN })) };
  }

  async sources(): Promise<SourcesResponse> {
    return { sources: await listSources(this.deps.db) };
  }

  info(): Promise<InfoResponse> {
    return readSetting(this.deps.db, 'info');
  }

  contact(): Promise<ContactResponse> {
    return readSetting(this.deps.db, 'contact');
  }

  conditions(): Promise<HtmlDocumentResponse> {
    return readSetting(this.deps.db, 'conditions');
  }

  agreements(): Promise<HtmlDocumentResponse> {
    return readSetting(this.deps.db, 'agreements');
  }

  notice(): Promise<NoticeResponse> {
    return readSetting(this.deps.db, 'notice');
  }

  async withdraw(): Promise<WithdrawLimitsResponse> {
    const limits = await readSetting(this.deps.db, 'withdrawLimits');
    return { withdrawMin: fromMinor(limits.minMinor), withdrawMax: fromMinor(limits.maxMinor) };
  }

  slip(): Promise<SlipLookupResponse> {
    return readSetting(this.deps.db, 'slip');
  }

  howto(): Promise<HowtoResponse> {
    return readSetting(this.deps.db, 'howto');
  }

  async active(): Promise<ActiveResponse> {
    return { terminated: await this.deps.serviceState.isTerminated() };
  }

  async registerOTP(): Promise<FeatureFlagResponse> {
    return { isActive: await readSetting(this.deps.db, 'registerOTP') };
  }

  async enableChatWidget(): Promise<FeatureFlagResponse> {
    return { isActive: await readSetting(this.deps.db, 'enableChatWidget') };
  }

  async truelinkKey(): Promise<TruelinkKeyResponse> {
    const key = await readSetting(this.deps.db, 'truelinkKey');
    return { alg: 'RSA-OAEP-256', publicKey: key.publicKey };
  }
}
