import { apikeyMessages } from './apikey.js';
import { apisourceMessages } from './apisource.js';
import { chartMessages } from './chart.js';
import { commonMessages } from './common.js';
import { connectionMessages } from './connection.js';
import { dashboardMessages } from './dashboard.js';
import { datasourceMessages } from './datasource.js';
import { e10accountMessages } from './e10account.js';
import { e10Messages } from './e10.js';
import { indicatorMessages } from './indicator.js';
import { identityMessages } from './identity.js';
import { joinMessages } from './join.js';
import { relationMessages } from './relation.js';
import { renderMessages } from './render.js';
import { sharingMessages } from './sharing.js';
import { sqlMessages } from './sql.js';
import { syncMessages } from './sync.js';
import { templateMessages } from './template.js';
import { uploadMessages } from './upload.js';
import { warnMessages } from './warn.js';
import { subscriptionMessages } from './subscription.js';
import { robotMessages } from './robot.js';
import { embedMessages } from './embed.js';
import { publiclinkMessages } from './publiclink.js';
import { liveMessages } from './live.js';
import { revisionMessages } from './revision.js';

/**
 * Every feature's message file, by file name. A key prefix (the text before the first dot) lives in
 * exactly one file (messages.spec.ts checks), so a key is never defined twice.
 */
export const MESSAGE_FILES = {
  common: commonMessages,
  identity: identityMessages,
  sharing: sharingMessages,
  datasource: datasourceMessages,
  connection: connectionMessages,
  sql: sqlMessages,
  upload: uploadMessages,
  sync: syncMessages,
  join: joinMessages,
  relation: relationMessages,
  chart: chartMessages,
  dashboard: dashboardMessages,
  template: templateMessages,
  warn: warnMessages,
  e10account: e10accountMessages,
  apisource: apisourceMessages,
  e10: e10Messages,
  indicator: indicatorMessages,
  subscription: subscriptionMessages,
  render: renderMessages,
  robot: robotMessages,
  apikey: apikeyMessages,
  embed: embedMessages,
  publiclink: publiclinkMessages,
  live: liveMessages,
  revision: revisionMessages,
} as const;

/** All messages, merged: key → its text in each language. */
export const MESSAGES = {
  ...commonMessages,
  ...identityMessages,
  ...sharingMessages,
  ...datasourceMessages,
  ...connectionMessages,
  ...sqlMessages,
  ...uploadMessages,
  ...syncMessages,
  ...joinMessages,
  ...relationMessages,
  ...chartMessages,
  ...dashboardMessages,
  ...templateMessages,
  ...warnMessages,
  ...e10accountMessages,
  ...apisourceMessages,
  ...e10Messages,
  ...indicatorMessages,
  ...subscriptionMessages,
  ...renderMessages,
  ...robotMessages,
  ...apikeyMessages,
  ...embedMessages,
  ...publiclinkMessages,
  ...liveMessages,
  ...revisionMessages,
};
