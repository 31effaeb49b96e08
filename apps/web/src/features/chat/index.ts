// Public entry point of the chat feature (other features import only from here).
export { ChatPanel } from './ChatPanel';
export { Markdown } from './Markdown';
export type { ChatTarget } from './api';
