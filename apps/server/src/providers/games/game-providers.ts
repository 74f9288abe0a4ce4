import { gameProviderCodes } from '@wallet/contract/constants';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { ProviderMeters } from '../../lib/metrics';
import type { SandboxFaults } from '../sandbox-faults';
import {
  type CallDeadline,
  callProvider,
  type GameProvider,
  type ProviderOutcome,
} from './game-provider';
import { SandboxGameProvider } from './sandbox-game-provider';

/** The adapters by provider code, each called under the per-provider time-out. */
export class GameProviders {
  private readonly adapters = new Map<string, GameProvider>();

  constructor(
    adapters: GameProvider[],
    readonly timeoutMs: number,
    private readonly meters?: ProviderMeters,
  ) {
    for (const adapter of adapters) this.adapters.set(adapter.code, adapter);
  }

  static sandbox(
    db: Db,
    faults: SandboxFaults,
    timeoutMs: number,
    meters?: ProviderMeters,
  ): GameProviders {
    return new GameProviders(
      gameProviderCodes.map((code) => new SandboxGameProvider(code, db, faults)),
      timeoutMs,
      meters,
    );
  }

  /** An adapter; a code without one is NO_GAME (configured in the database, not integrated). */
  get(code: string): GameProvider {
    const adapter = this.adapters.get(code);
    if (!adapter) throw new DomainError('NO_GAME');
    return adapter;
  }

  call<T>(
    code: string,
    work: (provider: GameProvider, deadline: CallDeadline) => Promise<T>,
  ): Promise<ProviderOutcome<T>> {
    const provider = this.get(code);
    const meter = this.meters?.meter('game', code);
    return callProvider(this.timeoutMs, (deadline) => work(provider, deadline), meter);
  }
}
