/**
 * `npm run providers:conformance -- <baseUrl> --user U --password P`: runs the conformance kit against a
 * provider and prints the report; exits 1 when a check fails, 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { CONFORMANCE_SECTIONS, formatReport, runConformance, type ConformanceSection } from './conformance.js';

const usage = `usage: npm run providers:conformance -- <baseUrl, e.g. http://10.0.0.5:8080/bi-provider/v1> --user U --password P [--only ${CONFORMANCE_SECTIONS.join(',')}] [--programs typeKey,…] [--today yyyy-MM-dd]`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { user: { type: 'string' }, password: { type: 'string' }, today: { type: 'string' }, only: { type: 'string' }, programs: { type: 'string' } } });
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`);
    return 2;
  }
  const baseUrl = parsed.positionals[0];
  const user = parsed.values.user ?? process.env.BI_ERP_PROVIDER_USER;
  const password = parsed.values.password ?? process.env.BI_ERP_PROVIDER_PASSWORD;
  if (!baseUrl || !user || !password) {
    console.error(usage);
    return 2;
  }
  const sections = parsed.values.only?.split(',').map((s) => s.trim()) as ConformanceSection[] | undefined;
  if (sections?.some((s) => !CONFORMANCE_SECTIONS.includes(s))) {
    console.error(usage);
    return 2;
  }
  const report = await runConformance({ baseUrl, user, password, today: parsed.values.today, sections, programs: parsed.values.programs?.split(',').map((s) => s.trim()).filter(Boolean) });
  console.log(formatReport(report, baseUrl));
  return report.ok ? 0 : 1;
}

process.exitCode = await main();
