export { extractLinks } from './extract';
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_RENDER_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  fetchPageText,
  vetUrl,
  type FetchPageOptions,
  type HostLookup,
  type PageText,
  type ResolvedAddress,
  type VettedTarget,
} from './fetch-page';
export { LinkFetchError, type LinkFetchErrorCode } from './errors';
export { renderDocument, type RenderedPage } from './render';
export { isLoopbackAddress, isPublicAddress } from './ssrf';
