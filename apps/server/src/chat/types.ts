import type { RetrievedPassage } from '../knowledge/retrieval';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** Everything a responder needs for one turn. */
export interface TurnInput {
  agentName: string;
  systemMessage: string;
  /** Earlier messages of the session (memory window), oldest first. */
  history: HistoryMessage[];
  message: string;
  passages: RetrievedPassage[];
  /** Called with each piece of the answer as it is produced (streaming). */
  onDelta?: (delta: string) => void;
}

/** The model seam: the LLM through the AI SDK, or the offline responder. */
export interface Responder {
  /** 'offline' or the provider's name (GET /api/health). */
  readonly mode: string;
  respond(turn: TurnInput): Promise<string>;
}
