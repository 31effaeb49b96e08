// Synthetic Portuguese business documents for the knowledge benchmark: a long text-layer PDF (a
// merchant's manual and catalogue), a 50,000-row price list (XLSX and CSV), and many agents' worth of
// passages for the retrieval-latency corpus. Deterministic (seeded), built in memory, nothing committed.
import * as XLSX from '@e965/xlsx';
import { buildPdf, encodeWindows1252 } from '../../apps/server/test/fixtures/generate';

/** mulberry32: a small, fast, seeded PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const money = (v: number) => `R$ ${v.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

// ---------------------------------------------------------------------------------------------- vocabulary

export const BUSINESSES = [
  { kind: 'padaria', name: 'Padaria Trigo de Ouro', items: ['pão francês', 'pão de queijo', 'bolo de fubá', 'sonho de creme', 'coxinha de frango', 'empada de palmito', 'torta de limão', 'café coado', 'pão integral', 'broa de milho', 'croissant de presunto', 'esfiha de carne'] },
  { kind: 'pet shop', name: 'Pet Feliz', items: ['banho para cães de porte pequeno', 'tosa higiênica', 'ração premium para gatos', 'coleira antipulgas', 'areia sanitária', 'petisco de frango', 'vacina antirrábica', 'caminha acolchoada', 'shampoo neutro', 'brinquedo mordedor'] },
  { kind: 'farmácia', name: 'Drogaria Saúde Já', items: ['dipirona 500 mg', 'protetor solar FPS 50', 'fralda geriátrica', 'vitamina C efervescente', 'termômetro digital', 'soro fisiológico', 'escova dental macia', 'hidratante corporal', 'teste de gravidez', 'álcool em gel'] },
  { kind: 'loja de calçados', name: 'Passo Firme Calçados', items: ['tênis de corrida', 'sandália rasteira', 'bota de couro', 'sapatênis masculino', 'chinelo de dedo', 'sapatilha feminina', 'tênis infantil com luzes', 'mocassim', 'palmilha ortopédica', 'meia esportiva'] },
  { kind: 'restaurante', name: 'Cantina Bella Nonna', items: ['lasanha à bolonhesa', 'nhoque ao sugo', 'risoto de cogumelos', 'filé à parmegiana', 'salada caprese', 'pizza margherita', 'tiramisù', 'suco de laranja', 'água com gás', 'espaguete ao alho e óleo'] },
  { kind: 'oficina mecânica', name: 'Auto Center Pistão', items: ['troca de óleo', 'alinhamento e balanceamento', 'pastilha de freio', 'revisão dos 10 mil km', 'troca de correia dentada', 'higienização do ar-condicionado', 'bateria 60 Ah', 'filtro de combustível', 'diagnóstico eletrônico', 'lâmpada do farol'] },
  { kind: 'salão de beleza', name: 'Studio Bela Raiz', items: ['corte feminino', 'escova progressiva', 'manicure e pedicure', 'coloração', 'hidratação capilar', 'design de sobrancelhas', 'corte masculino', 'maquiagem para festa', 'depilação com cera', 'penteado de noiva'] },
  { kind: 'papelaria', name: 'Papelaria Ponto & Vírgula', items: ['caderno universitário', 'caneta esferográfica azul', 'mochila escolar', 'lápis de cor 24 cores', 'impressão colorida', 'encadernação espiral', 'papel sulfite A4', 'estojo duplo', 'agenda 2026', 'cola branca'] },
  { kind: 'academia', name: 'Academia Corpo em Movimento', items: ['plano mensal', 'plano anual', 'aula de spinning', 'avaliação física', 'personal trainer', 'aula de pilates', 'diária avulsa', 'aula de natação infantil', 'treino funcional', 'armário rotativo'] },
  { kind: 'floricultura', name: 'Floricultura Jardim Secreto', items: ['buquê de rosas vermelhas', 'orquídea phalaenopsis', 'coroa de flores', 'arranjo de girassóis', 'vaso de suculentas', 'cesta de café da manhã', 'terra adubada', 'muda de manjericão', 'kit jardinagem', 'bonsai'] },
] as const;

const NEIGHBOURHOODS = ['Vila Mariana', 'Pinheiros', 'Moema', 'Santana', 'Tatuapé', 'Lapa', 'Butantã', 'Ipiranga', 'Perdizes', 'Mooca', 'Saúde', 'Jabaquara', 'Penha', 'Vila Madalena', 'Brooklin', 'Campo Belo', 'Aclimação', 'Liberdade', 'Bela Vista', 'Consolação'];
const DAYS = ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'];
const PAYMENTS = ['Pix', 'cartão de crédito', 'cartão de débito', 'dinheiro', 'vale-refeição', 'boleto bancário', 'transferência'];
const STREETS = ['Rua das Palmeiras', 'Avenida Paulista', 'Rua Augusta', 'Rua dos Pinheiros', 'Avenida Brigadeiro Faria Lima', 'Rua Vergueiro', 'Rua Domingos de Morais', 'Alameda Santos', 'Rua Teodoro Sampaio', 'Avenida Ibirapuera'];

const TOPICS = [
  'Apresentação da empresa', 'Horário de atendimento', 'Entregas e retiradas', 'Formas de pagamento', 'Política de trocas e devoluções',
  'Garantia dos produtos', 'Encomendas e pedidos especiais', 'Promoções e programa de fidelidade', 'Perguntas frequentes', 'Cuidados e conservação',
  'Atendimento pelo WhatsApp', 'Acessibilidade e estacionamento', 'Eventos e datas comemorativas', 'Privacidade e dados pessoais', 'Catálogo comentado',
];

/** Sentence templates a merchant would write in a manual or FAQ; `s` gets the slot fillers. */
const SENTENCES: Array<(s: Slots) => string> = [
  (s) => `A ${s.business} atende de ${s.day1} a ${s.day2}, das ${s.h1}h às ${s.h2}h, e aos feriados o horário pode mudar conforme aviso nas nossas redes.`,
  (s) => `O ${s.item} custa ${s.price} e pode ser pedido pelo WhatsApp ou retirado diretamente no balcão da loja.`,
  (s) => `Fazemos entregas no bairro ${s.bairro} com taxa de ${s.fee}; para pedidos acima de ${s.min} a entrega é gratuita.`,
  (s) => `Aceitamos ${s.pay1}, ${s.pay2} e ${s.pay3}; compras no cartão de crédito podem ser parceladas em até ${s.n}x sem juros.`,
  (s) => `Se o produto apresentar defeito, o cliente tem ${s.days} dias para solicitar a troca, mediante apresentação da nota fiscal.`,
  () => `Não trocamos produtos que foram usados de forma inadequada ou que estejam sem a embalagem original, exceto em caso de defeito de fabricação.`,
  (s) => `Nosso endereço é ${s.street}, ${s.num}, no bairro ${s.bairro}, com estacionamento conveniado a poucos metros da entrada.`,
  (s) => `Pedidos feitos até as ${s.h1}h são entregues no mesmo dia; depois desse horário, a entrega acontece no dia útil seguinte.`,
  (s) => `Clientes cadastrados no programa de fidelidade acumulam pontos a cada compra e ganham ${s.pct}% de desconto a partir da ${s.n}ª visita.`,
  (s) => `O prazo de garantia do ${s.item} é de ${s.months} meses contados a partir da data da compra.`,
  (s) => `Para encomendas grandes, pedimos ${s.hours} horas de antecedência e um sinal de ${s.pct}% do valor total no momento do pedido.`,
  (s) => `A equipe da ${s.business} responde mensagens de ${s.day1} a ${s.day2} e, fora desse período, o atendimento automático registra o seu pedido.`,
  (s) => `O cancelamento pode ser feito sem custo até ${s.hours} horas antes do horário marcado; depois disso cobramos ${s.pct}% do valor.`,
  () => `Trabalhamos com produtos de fornecedores da região, o que garante frescor e preços justos durante o ano inteiro.`,
  () => `A loja tem rampa de acesso, banheiro adaptado e atendimento prioritário para idosos, gestantes e pessoas com deficiência.`,
  (s) => `Durante a semana do cliente, o ${s.item} sai por ${s.price}, enquanto durarem os estoques.`,
  (s) => `Não realizamos entregas no bairro ${s.bairro} aos domingos, mas a retirada na loja continua disponível normalmente.`,
  () => `Os dados pessoais informados no cadastro são usados apenas para processar pedidos e nunca são vendidos a terceiros.`,
  (s) => `Para conservar o ${s.item}, mantenha em local seco e arejado, longe da luz do sol, por no máximo ${s.days} dias.`,
  (s) => `Em datas comemorativas como Dia das Mães e Natal, recomendamos fazer o pedido com pelo menos ${s.days} dias de antecedência.`,
  (s) => `O estacionamento conveniado oferece ${s.hours} horas gratuitas para clientes que apresentarem o cupom fiscal no caixa.`,
  (s) => `Reclamações e sugestões podem ser enviadas pelo e-mail do SAC, e respondemos em até ${s.days} dias úteis.`,
  (s) => `A taxa de entrega para ${s.bairro} é de ${s.fee}, e o tempo médio de entrega é de ${s.minutes} minutos.`,
  (s) => `O ${s.item} está disponível nas versões tradicional e especial; a versão especial custa ${s.price}.`,
  () => `Emitimos nota fiscal para pessoa física e jurídica; basta informar o CPF ou o CNPJ antes de finalizar a compra.`,
  (s) => `Pagamentos por Pix têm ${s.pct}% de desconto e são confirmados automaticamente em poucos minutos.`,
];

interface Slots {
  business: string;
  item: string;
  price: string;
  bairro: string;
  fee: string;
  min: string;
  day1: string;
  day2: string;
  h1: number;
  h2: number;
  pay1: string;
  pay2: string;
  pay3: string;
  n: number;
  days: number;
  months: number;
  hours: number;
  pct: number;
  street: string;
  num: number;
  minutes: number;
}

function slots(r: Rng, business: { name: string; items: readonly string[] }): Slots {
  const pays = [...PAYMENTS].sort(() => r() - 0.5);
  const d = int(r, 0, 3);
  return {
    business: business.name,
    item: pick(r, business.items),
    price: money(int(r, 300, 25000) / 100),
    bairro: pick(r, NEIGHBOURHOODS),
    fee: money(int(r, 4, 25)),
    min: money(int(r, 5, 30) * 10),
    day1: DAYS[d]!,
    day2: DAYS[d + int(r, 2, 3)]!,
    h1: int(r, 6, 11),
    h2: int(r, 17, 22),
    pay1: pays[0]!,
    pay2: pays[1]!,
    pay3: pays[2]!,
    n: int(r, 2, 12),
    days: int(r, 2, 30),
    months: int(r, 3, 24),
    hours: int(r, 2, 72),
    pct: int(r, 5, 30),
    street: pick(r, STREETS),
    num: int(r, 10, 3000),
    minutes: int(r, 20, 90),
  };
}

/** One paragraph of 3–6 sentences about a business. */
export function paragraph(r: Rng, business: { name: string; items: readonly string[] }): string {
  const n = int(r, 3, 6);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pick(r, SENTENCES)(slots(r, business)));
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------- PDF

/** Greedy word wrap. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF literal string in WinAnsi bytes (as a latin1 JS string), with ( ) \ escaped. */
function pdfString(text: string): string {
  return `(${Buffer.from(encodeWindows1252(text)).toString('latin1').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A content stream: Helvetica 10 pt, 12 pt leading, lines from the top of an A4 page (empty line = paragraph gap). */
function pageStream(lines: string[]): string {
  const ops = ['BT', '/F1 10 Tf', '12 TL', '56 790 Td'];
  lines.forEach((line, i) => ops.push(`${i ? 'T* ' : ''}${pdfString(line)} Tj`));
  ops.push('ET');
  return ops.join('\n');
}

const LINES_PER_PAGE = 62;
const CHARS_PER_LINE = 96;

/**
 * A text-layer PDF of `pages` full A4 pages: a merchant's "manual do cliente e catálogo" with a heading
 * per section and paragraphs wrapped at ~96 characters (about 5,000 characters of text per page).
 */
export function manualPdf(pages: number, seed = 7): { bytes: Uint8Array; pages: number } {
  const r = rng(seed);
  const business = BUSINESSES[0];
  const streams: string[] = [];
  for (let p = 0; p < pages; p++) {
    const lines: string[] = [`${business.name} - Manual do cliente - ${pick(r, TOPICS)} (página ${p + 1})`, ''];
    while (lines.length < LINES_PER_PAGE - 4) {
      lines.push(...wrap(paragraph(r, business), CHARS_PER_LINE), '');
    }
    streams.push(pageStream(lines.slice(0, LINES_PER_PAGE)));
  }
  return { bytes: buildPdf(streams), pages };
}

// ---------------------------------------------------------------------------------------------- price list

const PRODUCT_NOUNS = ['Arroz', 'Feijão', 'Café', 'Açúcar', 'Farinha de trigo', 'Macarrão', 'Óleo de soja', 'Azeite', 'Leite', 'Queijo muçarela', 'Presunto', 'Manteiga', 'Iogurte', 'Biscoito', 'Chocolate', 'Sabonete', 'Detergente', 'Amaciante', 'Papel higiênico', 'Shampoo', 'Condicionador', 'Creme dental', 'Refrigerante', 'Suco', 'Água mineral', 'Cerveja', 'Vinho tinto', 'Carne moída', 'Peito de frango', 'Linguiça', 'Tomate', 'Cebola', 'Batata', 'Alface', 'Banana', 'Maçã', 'Laranja', 'Ração para cães', 'Ração para gatos', 'Vela aromática', 'Pilha alcalina', 'Lâmpada LED', 'Esponja', 'Fósforo', 'Guardanapo', 'Copo descartável', 'Granola', 'Aveia', 'Mel', 'Geleia'];
const QUALIFIERS = ['tradicional', 'integral', 'light', 'zero açúcar', 'orgânico', 'premium', 'extra', 'tipo 1', 'sem lactose', 'sem glúten', 'com ervas', 'defumado', 'refil', 'concentrado', 'infantil', 'família', 'econômico', 'gourmet', 'artesanal', 'importado'];
const SIZES = ['200 g', '500 g', '1 kg', '2 kg', '5 kg', '350 ml', '1 L', '2 L', '12 unidades', '6 unidades', '90 g', '400 g'];
const BRANDS = ['Boa Safra', 'Sabor do Campo', 'Vale Verde', 'Dona Benta Mineira', 'Estrela do Sul', 'Bom Preço', 'Natural Vida', 'Serra Azul', 'Casa Nobre', 'Mar Aberto', 'Terra Viva', 'Raízes'];
const CATEGORIES = ['Mercearia', 'Bebidas', 'Higiene', 'Limpeza', 'Laticínios', 'Açougue', 'Hortifrúti', 'Pet', 'Utilidades', 'Padaria'];
/** The category of each entry of PRODUCT_NOUNS (same order). */
const NOUN_CATEGORY = [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 5, 4, 4, 0, 0, 2, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7, 8, 8, 8, 3, 8, 8, 8, 0, 0, 0, 0];
const UNITS = ['un', 'pct', 'cx', 'kg', 'fardo'];

export const SHEET_HEADER = ['Código', 'Produto', 'Categoria', 'Marca', 'Unidade', 'Preço', 'Estoque'];

/** `rows` catalogue rows [código, produto, categoria, marca, unidade, preço (number), estoque (number)]. */
export function catalogueRows(rows: number, seed = 11): Array<[string, string, string, string, string, number, number]> {
  const r = rng(seed);
  const out: Array<[string, string, string, string, string, number, number]> = [];
  for (let i = 0; i < rows; i++) {
    const noun = Math.floor(r() * PRODUCT_NOUNS.length);
    out.push([
      `SKU-${String(100000 + i)}`,
      `${PRODUCT_NOUNS[noun]} ${pick(r, QUALIFIERS)} ${pick(r, SIZES)}`,
      CATEGORIES[NOUN_CATEGORY[noun]!]!,
      pick(r, BRANDS),
      pick(r, UNITS),
      int(r, 99, 49999) / 100,
      int(r, 0, 2500),
    ]);
  }
  return out;
}

/** The price list as an XLSX written by SheetJS: prices formatted `"R$" #,##0.00`, stock `#,##0` (Excel in Brazil). */
export function catalogueXlsx(rows: ReturnType<typeof catalogueRows>): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet([SHEET_HEADER, ...rows], { dense: true });
  const data = (ws as unknown as { '!data': XLSX.CellObject[][] })['!data'];
  for (let i = 1; i < data.length; i++) {
    data[i]![5]!.z = '"R$" #,##0.00';
    data[i]![6]!.z = '#,##0';
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Tabela de preços');
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
}

/** The same price list as Excel-in-Brazil writes a CSV: ';' separators, decimal commas, UTF-8. */
export function catalogueCsv(rows: ReturnType<typeof catalogueRows>): Uint8Array {
  const fmt = (n: number, decimals: number) =>
    n.toFixed(decimals).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const lines = [SHEET_HEADER.join(';')];
  for (const [code, product, category, brand, unit, price, stock] of rows) {
    lines.push([code, product, category, brand, unit, `R$ ${fmt(price, 2)}`, fmt(stock, 0)].join(';'));
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

// ---------------------------------------------------------------------------------------------- retrieval corpus

/** One catalogue passage the way tableToPassages renders rows ("coluna: valor" lines, rows separated by a blank line). */
function cataloguePassage(r: Rng, business: { items: readonly string[] }): string {
  const rows: string[] = [];
  const n = int(r, 3, 7);
  for (let i = 0; i < n; i++) {
    rows.push(
      [
        `Código: SKU-${int(r, 100000, 999999)}`,
        `Produto: ${pick(r, business.items)} ${pick(r, QUALIFIERS)}`,
        `Categoria: ${pick(r, CATEGORIES)}`,
        `Preço: ${money(int(r, 300, 25000) / 100)}`,
        `Estoque: ${int(r, 0, 900)}`,
      ].join('\n'),
    );
  }
  return rows.join('\n\n');
}

/**
 * `count` passages of one agent: two thirds prose (manual/FAQ paragraphs of 300–1,000 characters, as
 * splitText cuts them) and one third catalogue rows (as tableToPassages renders them).
 */
export function agentPassages(count: number, seed: number, businessIndex: number): string[] {
  const r = rng(seed);
  const business = BUSINESSES[businessIndex % BUSINESSES.length]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 3 === 2) out.push(cataloguePassage(r, business));
    else {
      let text = paragraph(r, business);
      while (text.length < 300) text += ` ${paragraph(r, business)}`;
      out.push(text.length > 1000 ? text.slice(0, text.lastIndexOf(' ', 1000)) : text);
    }
  }
  return out;
}

/** Customer questions for the latency runs, about the businesses' items, neighbourhoods and policies. */
export function latencyQueries(count: number, seed: number, businessIndex: number): string[] {
  const r = rng(seed);
  const business = BUSINESSES[businessIndex % BUSINESSES.length]!;
  const forms: Array<(item: string, bairro: string) => string> = [
    (i) => `Quanto custa o ${i}?`,
    (i) => `Qual o preço do ${i}?`,
    (_, b) => `Vocês entregam no bairro ${b}? Qual a taxa?`,
    () => 'Qual o horário de funcionamento no sábado?',
    () => 'Aceitam Pix ou cartão de crédito? Dá para parcelar?',
    (i) => `Qual a garantia do ${i}?`,
    () => 'Como faço para trocar um produto com defeito?',
    () => 'Onde fica a loja e tem estacionamento?',
    (i) => `Tem ${i} em estoque?`,
    () => 'Posso cancelar minha encomenda? Tem multa?',
    (i, b) => `Vocês entregam ${i} na ${b} no domingo?`,
    () => 'Tem desconto para pagamento no Pix?',
  ];
  return Array.from({ length: count }, () => pick(r, forms)(pick(r, business.items), pick(r, NEIGHBOURHOODS)));
}
