// Public entry point of the inbox feature (docs/architecture.md, Web): the agent's handoff settings panel.
export { HandoffSettingsPanel } from './HandoffSettingsForm';
