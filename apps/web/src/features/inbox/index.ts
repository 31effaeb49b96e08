// Public entry point of the inbox feature (docs/architecture.md, Web): the agent's handoff settings panel.
export { useWaitingCount } from './api';
export { HandoffSettingsPanel } from './HandoffSettingsForm';
