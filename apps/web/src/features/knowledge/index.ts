// Public entry point of the knowledge feature (other features import only from here).
export { KnowledgeDialog } from './KnowledgeDialog';
