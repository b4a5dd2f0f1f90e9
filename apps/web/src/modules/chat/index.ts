/** Chat robots (administration) and sharing a chart to chat (issue 30; docs/api/robots.md). */
export { RobotsTab } from './components/RobotsTab';
export { useShareToChatEntry } from './components/ShareToChat';
