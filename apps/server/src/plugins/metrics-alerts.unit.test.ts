import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { WalletMetrics } from './metrics-registry';

/** deploy/prometheus at the repository's root. */
const deployDir = new URL('../../../../deploy/prometheus/', import.meta.url);

/** Prometheus's rule file format, as much of it as the examples use. */
const RuleSchema = z.strictObject({
  alert: z.string().regex(/^[A-Z][A-Za-z0-9]+$/),
  expr: z.string().min(1),
  for: z
    .string()
    .regex(/^\d+[smhd]$/)
    .optional(),
  labels: z.strictObject({ severity: z.enum(['page', 'ticket']) }),
  annotations: z.strictObject({ summary: z.string().min(1), description: z.string().min(1) }),
});
const RuleFileSchema = z.strictObject({
  groups: z.array(z.strictObject({ name: z.string(), rules: z.array(RuleSchema).min(1) })).min(1),
});

/** The series a histogram exposes besides its name. */
const HISTOGRAM_SUFFIXES = ['_bucket', '_sum', '_count'];

/** Every name an expression uses as a metric: identifiers outside strings and `by (...)`. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const words = bare.match(/\b[a-zA-Z_:][a-zA-Z0-9_:]*\b/g) ?? [];
  return words.filter((word) => word.startsWith('wallet_') || word === 'up');
}

async function readYaml(name: string): Promise<unknown> {
  return parse(await readFile(new URL(name, deployDir), 'utf8'));
}

describe('the example Prometheus files (deploy/prometheus)', () => {
  it('writes every alert rule with its expression, severity, summary and description', async () => {
    const rules = RuleFileSchema.parse(await readYaml('alerts.yml'));
    const names = rules.groups.flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'WalletProcessDown',
        'WalletHighServerErrorRatio',
        'WalletSlowRoute',
        'WalletProviderFailing',
        'WalletWithdrawalsWaitingForStaff',
        'WalletTransfersPilingUp',
        'WalletJobsFailing',
        'WalletJobBacklog',
        'WalletSmsBudgetNearlySpent',
      ]),
    );
  });

  it('names in its expressions only metrics the server exposes', async () => {
    const rules = RuleFileSchema.parse(await readYaml('alerts.yml'));
    const exposed = await new WalletMetrics(async () => null).names();
    const known = new Set(['up']);
    for (const { name, type } of exposed) {
      known.add(name);
      if (type === 'histogram') for (const suffix of HISTOGRAM_SUFFIXES) known.add(name + suffix);
    }
    for (const rule of rules.groups.flatMap((group) => group.rules)) {
      const used = metricNamesIn(rule.expr);
      expect(used.length, rule.alert).toBeGreaterThan(0);
      for (const name of used) expect(known.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('tells metric names from label names and strings in an expression', () => {
    expect(
      metricNamesIn(
        'sum by (wallet_x) (rate(wallet_a_total{route="wallet_b"}[5m])) / max(wallet_c) > up',
      ),
    ).toEqual(['wallet_a_total', 'wallet_c', 'up']);
  });

  it('scrapes the job the rules watch, with the rules loaded and a bearer token', async () => {
    const config = z
      .object({
        rule_files: z.array(z.string()),
        scrape_configs: z.array(
          z.object({
            job_name: z.string(),
            metrics_path: z.literal('/metrics'),
            authorization: z.object({ type: z.literal('Bearer'), credentials_file: z.string() }),
            static_configs: z.array(z.object({ targets: z.array(z.string()).min(1) })),
          }),
        ),
      })
      .parse(await readYaml('prometheus.yml'));
    expect(config.rule_files).toContain('alerts.yml');
    expect(config.scrape_configs.map((job) => job.job_name)).toContain('wallet');
    const rules = RuleFileSchema.parse(await readYaml('alerts.yml'));
    const down = rules.groups.flatMap((g) => g.rules).find((r) => r.alert === 'WalletProcessDown');
    expect(down?.expr).toContain('job="wallet"');
  });
});
