// Public entry point of the knowledge feature (other features import only from here).
export { KnowledgeDialog, KnowledgePanel } from './KnowledgeDialog';
export { AnswerForm, TaughtAnswersSection, TeachAnswerDialog } from './TaughtAnswers';
export { useHasKnowledge, useTeachAnswer } from './api';
