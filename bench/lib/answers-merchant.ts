// The merchant set of the answer evaluation (bench/answers.ts): a bakery's knowledge as a merchant gives it
// (a TXT with hours, delivery and orders, the catalogue as CSV, the policies as PDF) and what its customers
// ask — hours, prices, delivery, CEPs, dates, product codes — including questions the knowledge does not
// answer and messages full of numbers that are not calculations. Written for this evaluation.
import { buildPdf, textStream } from '../../apps/server/test/fixtures/generate';

export interface EvalFile {
  name: string;
  kind: 'txt' | 'csv' | 'pdf';
  bytes: () => Uint8Array;
}

export interface EvalCase {
  question: string;
  /** Any one of these must appear in the reply; empty: the knowledge does not answer it (abstain). */
  answers: string[];
  /** Text of the knowledge the answer is quoted from. */
  gold?: string;
  /** The customer asks for a calculation. */
  calculation?: boolean;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

const TXT = `Padaria Pão Quente

Horário de funcionamento
Segunda a sexta, das 6h às 20h.
Aos sábados, das 6h às 18h.
Aos domingos, das 7h às 12h45.
Fechamos no Natal (25/12) e no Ano-Novo (01/01).

Entregas
Entregamos em um raio de 5 km da loja, de segunda a sábado, das 9h às 19h.
A taxa de entrega é de R$ 6,00; pedidos acima de R$ 80,00 têm frete grátis.
Atendemos os CEPs de 01300-000 a 01319-999 (Consolação e Bela Vista) e de 01400-000 a 01419-999 (Jardim Paulista).
O prazo de entrega é de até 60 minutos após a confirmação do pedido.

Encomendas
Bolos e tortas sob encomenda precisam ser pedidos com 48 horas de antecedência.
As encomendas de Natal vão até 20/12; as de Páscoa, até a Quinta-feira Santa.
Aceitamos Pix, cartões de crédito e débito e vale-refeição.

Endereço e contato
Rua Augusta, 1500 - Consolação, São Paulo - SP, CEP 01304-001.
Telefone e WhatsApp: (11) 3255-0000.`;

const CSV = `Código;Produto;Preço;Unidade;Sem glúten
PQ01;Pão francês;R$ 0,90;unidade;FALSE
PQ02;Pão de queijo;R$ 4,50;unidade;TRUE
BL01;Bolo de cenoura com chocolate;R$ 38,00;inteiro (1 kg);FALSE
BL02;Bolo de fubá;R$ 28,00;inteiro (800 g);FALSE
BL03;Bolo de milho;R$ 42,00;inteiro (1 kg);TRUE
SG01;Coxinha de frango;R$ 7,50;unidade;FALSE
SG02;Esfiha de carne;R$ 6,00;unidade;FALSE
DC01;Brigadeiro;R$ 3,50;unidade;TRUE
CF01;Café coado;R$ 6,00;copo 200 ml;TRUE
CF02;Cappuccino;R$ 9,00;xícara;TRUE
`;

const PDF_PAGES = [
  ['Trocas e devoluções', 'Produtos com defeito são trocados em até 7 dias com a nota fiscal.', 'Alimentos abertos não podem ser devolvidos.'],
  ['Alergênicos', 'Nossos pães são feitos em cozinha que manipula trigo, leite, ovos e castanhas.', 'Para alergias graves, consulte a equipe antes do pedido.'],
];

export const MERCHANT: { files: EvalFile[]; cases: EvalCase[] } = {
  files: [
    { name: 'padaria.txt', kind: 'txt', bytes: () => utf8(TXT) },
    { name: 'catalogo.csv', kind: 'csv', bytes: () => utf8(CSV) },
    { name: 'politicas.pdf', kind: 'pdf', bytes: () => buildPdf(PDF_PAGES.map((lines) => textStream(lines))) },
  ],
  cases: [
    // Hours (a heading is not an answer).
    { question: 'Qual o horário de funcionamento?', answers: ['das 6h às 20h'], gold: TXT },
    { question: 'Que horas vocês abrem no domingo?', answers: ['das 7h às 12h45'], gold: TXT },
    { question: 'abre sabado?', answers: ['das 6h às 18h'], gold: TXT },
    { question: 'Vocês abrem no Natal?', answers: ['Fechamos no Natal'], gold: TXT },
    { question: 'Vocês funcionam 24/7?', answers: ['das 6h às 20h'], gold: TXT },
    // A day inside a range, a group of days, a day written short.
    { question: 'vocês abrem na quarta?', answers: ['Segunda a sexta, das 6h às 20h'], gold: TXT },
    { question: 'funcionam no fim de semana?', answers: ['das 6h às 18h', 'das 7h às 12h45'], gold: TXT },
    { question: 'abre 5ª feira?', answers: ['Segunda a sexta, das 6h às 20h'], gold: TXT },
    { question: 'entregam no sábado?', answers: ['de segunda a sábado, das 9h às 19h'], gold: TXT },
    // Prices and codes (rows of the CSV).
    { question: 'Quanto custa o pão de queijo?', answers: ['R$ 4,50'] },
    { question: 'qual o preço do bolo de fubá', answers: ['R$ 28,00'] },
    { question: 'Quanto é o cappuccino?', answers: ['R$ 9,00'] },
    { question: 'O produto PQ01 custa quanto?', answers: ['R$ 0,90'] },
    { question: 'Qual o código do brigadeiro?', answers: ['DC01'] },
    { question: 'O pão de queijo é sem glúten?', answers: ['Sem glúten: VERDADEIRO'] },
    // Delivery, CEPs.
    { question: 'Vocês fazem entrega?', answers: ['raio de 5 km'], gold: TXT },
    { question: 'Qual a taxa de entrega?', answers: ['R$ 6,00'], gold: TXT },
    { question: 'Entregam no CEP 01310-100?', answers: ['01300-000 a 01319-999'], gold: TXT },
    { question: 'frete gratis a partir de quanto?', answers: ['R$ 80,00'], gold: TXT },
    { question: 'Qual o prazo de entrega?', answers: ['60 minutos'], gold: TXT },
    { question: 'vcs entregam a 4km daí?', answers: ['raio de 5 km'], gold: TXT },
    // Orders and dates.
    { question: 'Até quando posso fazer encomenda de Natal?', answers: ['20/12'], gold: TXT },
    { question: 'Com quanta antecedência preciso encomendar um bolo?', answers: ['48 horas'], gold: TXT },
    { question: 'Quero encomendar uma torta para o dia 15/03, precisa de antecedência?', answers: ['48 horas'], gold: TXT },
    { question: 'Aceitam pix?', answers: ['Pix'], gold: TXT },
    { question: 'Qual o endereço da padaria?', answers: ['Rua Augusta, 1500'], gold: TXT },
    { question: 'Qual o telefone de vocês?', answers: ['3255-0000'], gold: TXT },
    // Policies (PDF).
    { question: 'Posso trocar um produto com defeito?', answers: ['7 dias'], gold: PDF_PAGES[0]!.join(' ') },
    { question: 'Os pães têm leite?', answers: ['trigo, leite, ovos e castanhas'], gold: PDF_PAGES[1]!.join(' ') },
    // Not in the knowledge: say so.
    { question: 'Vocês vendem pneus de caminhão?', answers: [] },
    { question: 'Tem estacionamento?', answers: [] },
    { question: 'Vocês têm pão sem lactose?', answers: [] },
    { question: 'Aceitam bitcoin?', answers: [] },
    { question: 'Qual o Instagram de vocês?', answers: [] },
    { question: 'Qual a senha do wi-fi?', answers: [] },
    { question: 'Test', answers: [] },
    { question: 'Vocês estão contratando?', answers: [] },
    { question: 'Vocês vendem cerveja?', answers: [] },
    { question: 'Qual o andamento do processo 0001234-56.2023.8.26.0100?', answers: [] },
    { question: 'Quando chega o pedido nº 4521?', answers: [] },
    { question: 'Tem vinho da safra 16/17?', answers: [] },
    { question: 'Vocês fazem festa infantil?', answers: [] },
    // Calculations the customer asks for.
    { question: 'Quanto é 12 x 7?', answers: ['84'], calculation: true },
    { question: 'quanto dá 3 x 4,50?', answers: ['13,5'], calculation: true },
    { question: 'calcule 150 / 4', answers: ['37,5'], calculation: true },
  ],
};
