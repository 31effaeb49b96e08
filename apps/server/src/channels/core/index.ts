// Public entry point of the channels core: what every messaging channel shares (channels/<name>/ import only
// from here). docs/architecture.md, 'How to add a channel'.
export { ChannelUnavailableError, type ChannelAdapter, type OutboundMessage } from './adapter';
export { CredentialBox, maskSecret, safeEqual } from './credential-box';
export { KeyedLock } from './keyed-lock';
export { createLiveFeed, type LiveFeed, type LiveMessage } from './live';
export { createOutbound, webAdapter, type Outbound, type OutboundConversation } from './outbound';
export { splitMessage } from './split';
