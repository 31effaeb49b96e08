import type { AnswerOutcome } from '@atende/shared';
import type { RetrievedPassage } from '../knowledge/retrieval';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A memory window: earlier messages of the session, oldest first; read-only, as a kept one is shared between turns. */
export type TurnHistory = ReadonlyArray<Readonly<HistoryMessage>>;

/** An answer the merchant wrote for a question (issue 17's taught answers); it takes precedence over passages. */
export interface TaughtAnswer {
  id: string;
  question: string;
  answer: string;
}

/** Everything a responder needs for one turn. */
export interface TurnInput {
  agentName: string;
  systemMessage: string;
  /** Earlier messages of the session (memory window), oldest first; shared with the next turn (chat/turn-windows.ts). */
  history: TurnHistory;
  message: string;
  passages: RetrievedPassage[];
  /** The merchant's own answer to this question, when one matched (see ChatRuntime.taughtAnswers). */
  taughtAnswer?: TaughtAnswer | null;
  /** Called with each piece of the answer as it is produced (streaming). */
  onDelta?: (delta: string) => void;
}

/** A responder's answer: the text the customer gets, and what it did (stored on the message). */
export interface Reply {
  text: string;
  outcome: AnswerOutcome;
}

export type ResponderMode = 'offline' | 'model';

/** The model seam: an OpenAI-compatible LLM (chat/llm.ts), or the offline responder. */
export interface Responder {
  /**
   * 'offline', or 'model' for a configured provider (GET /api/health, which anyone may call: it never says which
   * provider, nor where).
   */
  readonly mode: ResponderMode;
  /** How many passages retrieval hands it (it may pass on fewer); RETRIEVAL_TOP_K when absent. */
  readonly candidates?: number;
  respond(turn: TurnInput): Promise<Reply>;
}
