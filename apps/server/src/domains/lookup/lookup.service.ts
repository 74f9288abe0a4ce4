import { defaultCurrency, type Variant } from '@wallet/contract/account';
import { textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import { type Currency, currencies, currencyCountry } from '@wallet/contract/constants';
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
import { type AmountLimits, limitsResponse } from '../../core/settings/amount-limits';
import type { ServiceState } from '../../core/settings/service-state';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import type { AuthContext } from '../auth/auth.service';
import {
  findBank,
  findBankCountry,
  listBanks,
  listSources,
  sourceExists,
} from './lookup.repository';

/**
 * Which banks a variant offers (docs/decisions/0011-variant-banks.md): Thai banks in the Thai
 * build; Lao banks first, then Thai ones, in the Laos build (a BAHT wallet pays out to Thai
 * banks).
 */
export function bankCountries(variant: Variant): readonly string[] {
  return variant.laos ? ['LA', 'TH'] : ['TH'];
}

/** The currency a bank's accounts hold: its country's (docs/decisions/0050). */
export function currencyOfCountry(country: string): Currency | null {
  return currencies.find((currency) => currencyCountry[currency] === country) ?? null;
}

export type LookupServiceDeps = {
  db: Db;
  variant: Variant;
  serviceState: ServiceState;
  limits: AmountLimits;
  /** The member's money details, cached per process (GamesService.member). */
  member: (memberId: number) => Promise<{ currency: string }>;
};

export class LookupService {
  constructor(private readonly deps: LookupServiceDeps) {}

  /** The bank `code` among `countries`' banks, or none. */
  bank(code: string, countries: readonly string[]) {
    return findBank(this.deps.db, code, countries);
  }

  sourceExists(code: string): Promise<boolean> {
    return sourceExists(this.deps.db, code);
  }

  /** The country of the bank `code`, or null. */
  bankCountry(code: string): Promise<string | null> {
    return findBankCountry(this.deps.db, code);
  }

  async banks(): Promise<BanksResponse> {
    const rows = await listBanks(this.deps.db, bankCountries(this.deps.variant));
    const order = bankCountries(this.deps.variant);
    const sorted = [...rows].sort((a, b) => order.indexOf(a.country) - order.indexOf(b.country));
    return {
      banks: sorted.flatMap(({ code, nameTH, nameEN, country }) => {
        const currency = currencyOfCountry(country);
        return currency ? [{ code, nameTH, nameEN, currency }] : [];
      }),
    };
  }

  async sources(): Promise<SourcesResponse> {
    return { sources: await listSources(this.deps.db) };
  }

  info(): Promise<InfoResponse> {
    return readSetting(this.deps.db, 'info');
  }

  async contact(locale: Locale): Promise<ContactResponse> {
    const contact = await readSetting(this.deps.db, 'contact');
    return { ...contact, contactText: textIn(contact.contactText, locale) };
  }

  /** The conditions or the agreements, in the reader's language. */
  async document(key: 'conditions' | 'agreements', locale: Locale): Promise<HtmlDocumentResponse> {
    const document = await readSetting(this.deps.db, key);
    return { title: textIn(document.title, locale), html: textIn(document.html, locale) };
  }

  async notice(locale: Locale): Promise<NoticeResponse> {
    return { notice: textIn((await readSetting(this.deps.db, 'notice')).notice, locale) };
  }

  /**
   * GET /api/lookup/withdraw: every amount rule of the caller's wallet currency (issue 30); a
   * caller without a token gets the variant's default currency's.
   */
  async withdraw(auth: AuthContext | null): Promise<WithdrawLimitsResponse> {
    const currency = auth
      ? (await this.deps.member(auth.memberId)).currency
      : defaultCurrency(this.deps.variant);
    return limitsResponse(await this.deps.limits.of(currency));
  }

  slip(): Promise<SlipLookupResponse> {
    return readSetting(this.deps.db, 'slip');
  }

  async howto(locale: Locale): Promise<HowtoResponse> {
    const { videos } = await readSetting(this.deps.db, 'howto');
    return { videos: videos.map((video) => ({ ...video, title: textIn(video.title, locale) })) };
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
