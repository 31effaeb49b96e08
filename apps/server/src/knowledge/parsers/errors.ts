/**
 * The error every parser throws for a file that cannot (or must not) be read.
 * `message` is the pt-BR, user-facing reason shown next to the file ('erro'); `detail` is the
 * internal explanation for logs (library message, offsets), never shown to the merchant.
 */
export class ParseError extends Error {
  readonly detail?: string;

  constructor(message: string, options: { detail?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ParseError';
    this.detail = options.detail;
  }
}

export const isParseError = (e: unknown): e is ParseError =>
  e instanceof ParseError || (e instanceof Error && e.name === 'ParseError');

/** User-facing reasons (pt-BR), in one place. */
export const messages = {
  pdfScanned: 'O PDF não tem texto selecionável (parece ser digitalizado). Envie uma versão com texto.',
  pdfCorrupt: 'Não foi possível ler o PDF: arquivo corrompido ou inválido.',
  pdfPassword: 'O PDF está protegido por senha. Remova a senha e envie novamente.',
  pdfEncryptedAttachments:
    'Os anexos deste PDF estão protegidos por senha e não foram lidos; as páginas foram lidas. Se um anexo tiver informações para o agente, envie-o sem senha.',
  pdfEmptyForm: 'O PDF é um formulário com os campos em branco e não tem texto para ler. Preencha os campos ou envie uma versão com texto.',
  wordCorrupt: 'Não foi possível ler o documento do Word: arquivo corrompido ou inválido.',
  wordEmpty: 'O documento não tem texto.',
  wordTooOld:
    'O documento foi salvo numa versão muito antiga do Word (anterior ao Word 97). Abra-o e salve como .docx antes de enviar.',
  sheetCorrupt: 'Não foi possível ler a planilha: arquivo corrompido ou inválido.',
  sheetEmpty: 'A planilha está vazia.',
  csvEmpty: 'O arquivo CSV está vazio.',
  txtEmpty: 'O arquivo de texto está vazio.',
  encrypted: 'O arquivo está protegido por senha. Remova a senha e envie novamente.',
  tooManyRows: 'A planilha tem linhas demais (máximo 200.000).',
  textTooLong: 'O arquivo tem texto demais (máximo de 20 MB de texto extraído).',
  timeout: 'O processamento do arquivo excedeu o tempo limite.',
  tooBig: 'O arquivo é grande ou complexo demais para ser processado.',
  unexpected: 'Não foi possível processar o arquivo: ele pode estar corrompido.',
  zipBomb: 'O arquivo compactado é suspeito (conteúdo descompactado grande demais) e foi recusado.',
  zipTooManyEntries: 'O arquivo compactado tem itens demais e foi recusado.',
  zipUnsafePath: 'O arquivo compactado contém caminhos inseguros e foi recusado.',
  zipSymlink: 'O arquivo compactado contém links simbólicos e foi recusado.',
  zipCorrupt: 'O arquivo compactado está corrompido ou inválido.',
} as const;
