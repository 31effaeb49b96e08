// Public entry point of the knowledge feature (other features import only from here).
export { KnowledgeDialog } from './KnowledgeDialog';
export { AnswerForm, TaughtAnswersSection } from './TaughtAnswers';
export { useTeachAnswer } from './api';
