// The labelled retrieval-quality set of the knowledge benchmark: five small businesses, each an agent
// with the knowledge a merchant really gives us (the "Base de Conhecimento" text, a price list as a
// spreadsheet or CSV, policies and FAQs as TXT or PDF), and the questions their customers ask, written
// the way customers write them (informal, missing accents, synonyms, singular/plural, world knowledge).
//
// Each question names the one passage that answers it by text that passage contains (`expect`, all
// strings, whitespace-insensitive). The benchmark checks that exactly one indexed passage of the agent
// matches, so a label can never silently point at zero or several passages.
import * as XLSX from '@e965/xlsx';
import { buildPdf, encodeWindows1252 } from '../../apps/server/test/fixtures/generate';

export type QualityFile = { name: string; kind: 'csv' | 'xlsx' | 'txt' | 'pdf'; bytes: () => Uint8Array };
export interface QualityQuestion {
  q: string;
  expect: string[];
}
export interface QualityBusiness {
  key: string;
  companyName: string;
  about: string;
  files: QualityFile[];
  questions: QualityQuestion[];
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Deterministic pseudo-random numbers (the catalogues must be the same on every run). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return (min: number, max: number) => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return min + (a % (max - min + 1));
  };
}
const brl = (v: number) => `R$ ${v.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
/** Every combination "a b" of two lists, minus names already in the hand-written rows. */
const combos = (as: string[], bs: string[], taken: string[]) =>
  as.flatMap((a) => bs.map((b) => `${a} ${b}`)).filter((n) => !taken.some((t) => t.toLowerCase() === n.toLowerCase()));
const csv = (rows: string[][]) => utf8(`${rows.map((r) => r.join(';')).join('\r\n')}\r\n`);

/** A workbook with one sheet; columns listed in `money` are numbers shown as "R$ 1.234,50" (as Excel in Brazil). */
function workbook(sheet: string, rows: Array<Array<string | number>>, money: number[] = []): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  for (let r = 1; r < rows.length; r++) {
    for (const c of money) {
      const cell = ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell && cell.t === 'n') cell.z = '"R$" #,##0.00';
    }
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheet);
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

/** A text-layer PDF: paragraphs wrapped at ~95 characters, Helvetica 10 pt, new page every 60 lines. */
function pdf(paragraphs: string[]): Uint8Array {
  const lines: string[] = [];
  for (const p of paragraphs) {
    let line = '';
    for (const word of p.split(' ')) {
      if (line && line.length + 1 + word.length > 95) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line, '');
  }
  const pages: string[] = [];
  for (let i = 0; i < lines.length; i += 60) {
    const ops = ['BT', '/F1 10 Tf', '12 TL', '56 790 Td'];
    lines.slice(i, i + 60).forEach((l, j) => {
      const s = Buffer.from(encodeWindows1252(l)).toString('latin1').replace(/[\\()]/g, (c) => `\\${c}`);
      ops.push(`${j ? 'T* ' : ''}(${s}) Tj`);
    });
    ops.push('ET');
    pages.push(ops.join('\n'));
  }
  return buildPdf(pages);
}

// ---------------------------------------------------------------------------------------------- catalogues
// Price lists are the bulk of a merchant's knowledge: each business gets a realistic catalogue around the
// hand-written rows the questions are about, so the right passage competes with many similar ones.

function padariaCatalogue(): string[][] {
  const price = seeded(1);
  const taken = ['Coxinha de frango', 'Esfiha de carne', 'Empada de palmito', 'Bolo de fubá', 'Bolo de chocolate'];
  const rows: string[][] = [];
  for (const n of combos(['Coxinha de', 'Kibe de', 'Enroladinho de', 'Pastel assado de', 'Bauru de', 'Croquete de', 'Esfiha de', 'Empada de'], ['frango', 'carne', 'queijo', 'calabresa', 'palmito', 'presunto e queijo', 'carne seca'], taken))
    rows.push([n, 'Salgados', brl(price(55, 120) / 10), 'unidade']);
  for (const n of combos(['Torta de'], ['limão', 'morango', 'maracujá', 'nozes', 'banana com canela', 'frango', 'palmito', 'abacaxi com coco', 'chocolate com cereja', 'ricota'], taken))
    rows.push([n, 'Doces', brl(price(12, 19)), 'fatia']);
  for (const n of combos(['Bolo de'], ['laranja', 'milho', 'coco', 'banana', 'limão', 'prestígio', 'nozes', 'abacaxi', 'red velvet', 'paçoca', 'formigueiro', 'mandioca'], taken))
    rows.push([n, 'Bolos', brl(price(35, 70)), 'inteiro (1 kg)']);
  for (const n of ['Pão de batata', 'Pão australiano', 'Pão de milho', 'Pão sírio', 'Pão de hambúrguer', 'Pão de centeio', 'Ciabatta', 'Pão doce com coco', 'Pão de leite', 'Bisnaguinha', 'Pão italiano', 'Pão sem lactose'])
    rows.push([n, 'Pães', brl(price(60, 260) / 10), 'unidade']);
  for (const n of [...combos(['Suco natural de'], ['abacaxi com hortelã', 'limão', 'maracujá', 'melancia', 'uva', 'acerola', 'morango'], taken), 'Refrigerante lata', 'Água mineral sem gás', 'Água com gás', 'Chá gelado de pêssego', 'Chá de camomila', 'Mocaccino', 'Latte', 'Café gelado', 'Vitamina de banana'])
    rows.push([n, 'Bebidas', brl(price(40, 160) / 10), 'copo']);
  for (const n of ['Queijo muçarela fatiado', 'Queijo prato fatiado', 'Presunto cozido fatiado', 'Peito de peru defumado', 'Mortadela', 'Salame italiano', 'Queijo minas frescal', 'Requeijão cremoso'])
    rows.push([n, 'Frios', brl(price(30, 110)), 'kg']);
  for (const n of [...combos(['Brigadeiro de', 'Beijinho de', 'Trufa de'], ['coco', 'pistache', 'maracujá', 'limão siciliano', 'café'], taken), 'Quindim', 'Pudim de leite', 'Bomba de chocolate', 'Carolina de creme', 'Mil-folhas', 'Pavê de bis'])
    rows.push([n, 'Doces', brl(price(35, 150) / 10), 'unidade']);
  return rows;
}

function petshopCatalogue(): Array<Array<string | number>> {
  const price = seeded(2);
  const rows: Array<Array<string | number>> = [['Código', 'Produto', 'Categoria', 'Preço', 'Estoque']];
  const add = (names: string[], category: string, min: number, max: number) => {
    for (const n of names) rows.push([`PF-${1000 + rows.length}`, n, category, price(min, max) + price(0, 99) / 100, price(0, 60)]);
  };
  add(combos(['Ração Golden', 'Ração Premier', 'Ração Royal Canin', 'Ração Pedigree', 'Ração Whiskas', 'Ração Guabi Natural', 'Ração N&D', 'Ração Special Dog', 'Ração Farmina', 'Ração Biofresh', 'Ração Hill\'s', 'Ração Quatree'], ['adulto 1 kg', 'adulto 10 kg', 'adulto 15 kg', 'filhote 1 kg', 'filhote 3 kg', 'sênior 3 kg', 'light 10 kg', 'raças pequenas 3 kg', 'gatos castrados 1,5 kg', 'gatos filhotes 1 kg'], []), 'Rações', 30, 320);
  add(combos(['Bifinho', 'Osso de couro', 'Sachê', 'Biscoito canino', 'Palito dental'], ['sabor carne', 'sabor frango', 'sabor salmão', 'sabor fígado'], []), 'Petiscos', 5, 35);
  add(combos(['Coleira', 'Guia retrátil', 'Peitoral', 'Cama', 'Comedouro', 'Bebedouro', 'Caixa de transporte', 'Arranhador', 'Roupa de inverno'], ['tamanho P', 'tamanho M', 'tamanho G'], []), 'Acessórios', 20, 260);
  add(combos(['Shampoo', 'Condicionador', 'Colônia', 'Lenço umedecido', 'Tapete higiênico', 'Areia sanitária'], ['neutro', 'para pelos claros', 'hipoalergênico', 'lavanda'], []), 'Higiene', 12, 90);
  add(combos(['Bolinha', 'Mordedor', 'Corda', 'Varinha com penas', 'Ratinho de pelúcia', 'Frisbee'], ['pequeno', 'grande'], []), 'Brinquedos', 9, 60);
  add(combos(['Antipulgas Bravecto', 'Antipulgas NexGard', 'Vermífugo Drontal', 'Vermífugo Milbemax', 'Coleira Seresto'], ['até 10 kg', '10 a 20 kg', '20 a 40 kg'], []), 'Farmácia', 40, 290);
  return rows;
}

function calcadosCatalogue(): string[][] {
  const price = seeded(3);
  const models: Array<[string, string, string]> = [
    ['Tênis Runner Pro', 'Corrida', '34 a 44'], ['Tênis Urban Classic', 'Casual', '34 a 44'], ['Tênis Kids Luz', 'Infantil', '18 a 33'],
    ['Sapatênis Casual', 'Casual', '37 a 44'], ['Bota Coturno', 'Bota', '34 a 42'], ['Bota Western', 'Bota', '36 a 44'],
    ['Sandália Rasteira Flor', 'Sandália', '33 a 40'], ['Sandália Anabela', 'Sandália', '33 a 40'], ['Scarpin Clássico', 'Social', '33 a 40'],
    ['Mocassim Drive', 'Casual', '37 a 44'], ['Sapato Social Oxford', 'Social', '37 a 44'], ['Chinelo Slide', 'Chinelo', '33 a 44'],
    ['Sapatilha Balê', 'Casual', '33 a 40'], ['Tênis Slip-on', 'Casual', '33 a 44'], ['Papete Trilha', 'Sandália', '34 a 44'],
    ['Tênis Court Retrô', 'Casual', '34 a 44'], ['Tênis Trail Grip', 'Trilha', '36 a 44'], ['Bota Chelsea', 'Bota', '34 a 44'],
    ['Sandália Salto Bloco', 'Social', '33 a 40'], ['Tamanco Madeira', 'Casual', '33 a 40'], ['Sapato Derby', 'Social', '37 a 44'],
    ['Tênis Kids Velcro', 'Infantil', '18 a 33'], ['Sandália Kids Papete', 'Infantil', '18 a 33'], ['Tênis Academia Flex', 'Treino', '34 a 44'],
  ];
  const rows: string[][] = [['Código', 'Modelo', 'Tipo', 'Cor', 'Numeração', 'Preço']];
  for (const [model, kind, sizes] of models) {
    for (const color of ['preto', 'branco', 'marrom', 'azul-marinho', 'caramelo', 'vermelho', 'cinza', 'verde-musgo']) {
      rows.push([`PF${String(rows.length).padStart(4, '0')}`, model, kind, color, sizes, brl(price(79, 499) + 0.9)]);
    }
  }
  return rows;
}

function dentistaCoverage(): string[][] {
  const pick = seeded(4);
  const answers = ['Sim', 'Não', 'Sim, com coparticipação'];
  const procedures = [
    'Consulta de avaliação', 'Limpeza (profilaxia)', 'Aplicação de flúor', 'Restauração em resina', 'Tratamento de canal (dente molar)',
    'Tratamento de canal (dente anterior)', 'Extração simples', 'Extração de siso', 'Clareamento a laser', 'Clareamento caseiro',
    'Implante dentário', 'Prótese removível', 'Coroa de porcelana', 'Aparelho fixo metálico', 'Alinhador transparente',
    'Radiografia panorâmica', 'Radiografia periapical', 'Raspagem de tártaro', 'Tratamento de gengivite', 'Placa de bruxismo',
    'Faceta de porcelana', 'Selante infantil', 'Urgência 24 horas', 'Tomografia odontológica', 'Frenectomia',
  ];
  return [
    ['Procedimento', 'Amil Dental', 'OdontoPrev', 'SulAmérica Odonto', 'Bradesco Dental'],
    ...procedures.map((p) => [p, ...[0, 1, 2, 3].map(() => answers[pick(0, 2)]!)]),
  ];
}

const DENTISTA_FAQ = [
  'Dúvidas frequentes - Clínica Sorriso Leve',
  'Com que frequência devo ir ao dentista? Para a maioria das pessoas, uma consulta de revisão a cada seis meses é suficiente. Quem tem gengivite, usa aparelho ou tem histórico de muitas cáries pode precisar de intervalos menores, definidos na avaliação.',
  'O clareamento estraga o esmalte? Não. O clareamento feito com acompanhamento profissional usa géis em concentrações seguras. É comum sentir sensibilidade passageira nos primeiros dias, que pode ser tratada com gel dessensibilizante.',
  'Quanto tempo dura um implante? Com boa higiene e revisões periódicas, um implante pode durar décadas. O tempo total do tratamento costuma ser de três a seis meses, porque o osso precisa se integrar ao implante antes da coroa definitiva.',
  'O que é bruxismo? É o hábito de ranger ou apertar os dentes, geralmente durante o sono. Pode causar desgaste dos dentes, dor na mandíbula e dor de cabeça ao acordar. A placa de bruxismo, feita sob medida, protege os dentes durante a noite.',
  'Escova elétrica é melhor que a manual? As duas limpam bem quando usadas corretamente. A escova elétrica ajuda quem tem dificuldade motora ou pouca paciência para escovar por dois minutos. Troque a escova ou o refil a cada três meses.',
  'Por que minha gengiva sangra? Sangramento ao escovar ou passar o fio dental costuma ser sinal de gengivite, uma inflamação causada pelo acúmulo de placa bacteriana. Uma limpeza profissional e a escovação correta resolvem a maioria dos casos.',
  'Aparelho fixo ou alinhador transparente? Os dois corrigem a posição dos dentes. O alinhador é quase invisível e removível, mas exige disciplina para ser usado pelo menos 22 horas por dia. O aparelho fixo funciona sem depender do paciente e costuma custar menos.',
  'Quando levar a criança ao dentista pela primeira vez? A primeira visita é recomendada quando nasce o primeiro dentinho ou até o primeiro aniversário, para orientar os pais sobre higiene, alimentação e uso de chupeta.',
  'Dente do siso precisa sempre ser extraído? Não. O siso só precisa sair quando não tem espaço para nascer, nasce torto, causa dor, inflamação ou dificulta a higiene dos dentes vizinhos. A radiografia panorâmica mostra a posição de cada siso.',
  'Tenho medo de dentista. O que fazer? Conte ao dentista na primeira consulta. Explicamos cada etapa antes de começar, combinamos um sinal para pausas e, quando indicado, oferecemos sedação consciente com óxido nitroso.',
];

function restauranteCatalogue(): Array<Array<string | number>> {
  const price = seeded(5);
  const rows: Array<Array<string | number>> = [];
  const taken = ['Pizza margherita', 'Pizza calabresa', 'Pizza quatro queijos', 'Espaguete à carbonara'];
  for (const n of combos(['Pizza'], ['portuguesa', 'frango com catupiry', 'napolitana', 'atum', 'rúcula com tomate seco', 'pepperoni', 'palmito', 'brócolis com bacon', 'escarola', 'lombo canadense', 'carne seca com catupiry', 'vegana de legumes', 'banana com canela', 'chocolate com morango', 'alho e óleo', 'abobrinha com parmesão'], taken))
    rows.push([n, 'Pizza de massa fina assada no forno a lenha', price(62, 95), '8 pedaços']);
  for (const n of combos(['Espaguete', 'Fettuccine', 'Penne', 'Talharim', 'Ravióli de muçarela', 'Capeletti de frango'], ['ao sugo', 'ao molho branco', 'à bolonhesa', 'ao pesto', 'ao molho rosé'], taken))
    rows.push([n, 'Massa fresca da casa', price(48, 74), '1 pessoa']);
  for (const n of combos(['Vinho tinto', 'Vinho branco', 'Vinho rosé', 'Espumante'], ['chileno (garrafa)', 'argentino (garrafa)', 'italiano (garrafa)', 'português (garrafa)', 'nacional (garrafa)'], taken))
    rows.push([n, 'Garrafa de 750 ml', price(89, 260), '750 ml']);
  for (const n of ['Cannoli siciliano', 'Petit gâteau', 'Sorvete de creme', 'Torta de limão', 'Zuccotto', 'Affogato', 'Salada de frutas', 'Gelato de pistache'])
    rows.push([n, 'Sobremesa da casa', price(18, 34), '1 pessoa']);
  for (const n of combos(['Salada'], ['verde da casa', 'de rúcula com parmesão', 'caesar com frango', 'de folhas com figo', 'de grão-de-bico'], taken))
    rows.push([n, 'Entrada', price(34, 52), '1 pessoa']);
  for (const n of ['Bruschetta de tomate', 'Carpaccio de carne', 'Polpettone recheado', 'Fritto misto', 'Antepasto de berinjela', 'Pão de alho', 'Burrata com pesto', 'Arancini de queijo'])
    rows.push([n, 'Entrada para compartilhar', price(32, 78), '2 pessoas']);
  for (const n of ['Suco de laranja', 'Suco de uva integral', 'Limonada suíça', 'Chá gelado da casa', 'Cerveja long neck', 'Chope artesanal', 'Caipirinha de limão', 'Água sem gás'])
    rows.push([n, 'Bebida', price(7, 28), '1 unidade']);
  return rows;
}

// ---------------------------------------------------------------------------------------------- padaria

const padaria: QualityBusiness = {
  key: 'padaria',
  companyName: 'Padaria Doce Trigo',
  about: [
    'A Padaria Doce Trigo é uma padaria artesanal de bairro, fundada em 1998 na Vila Mariana, em São Paulo. Fazemos pães de fermentação natural, bolos caseiros, salgados assados e fritos, doces finos e café especial moído na hora.',
    'Horário de funcionamento: de terça a sábado, das 6h30 às 20h; aos domingos e feriados, das 7h às 13h. Às segundas-feiras a loja fica fechada para limpeza e manutenção dos fornos.',
    'Endereço: Rua Joaquim Távora, 845, Vila Mariana, a duas quadras da estação Santa Cruz do metrô. Temos três vagas na frente da loja e bicicletário.',
    'Entrega em domicílio: nosso motoboy entrega num raio de 4 km da loja, de terça a domingo, das 8h às 18h. A taxa é de R$ 6,00 e a entrega é grátis em pedidos a partir de R$ 60,00. Os pedidos são feitos pelo WhatsApp (11) 98765-4321 ou pelo iFood.',
    'Formas de pagamento: dinheiro, Pix, cartões de débito e crédito (Visa, Mastercard, Elo e American Express) e vale-alimentação Sodexo, Ticket e Alelo. Não aceitamos cheque.',
    'Café da manhã no salão: servimos café da manhã completo à mesa em todos os dias de funcionamento, até as 11h, por R$ 34,90 por pessoa, com pães variados, frios, frutas, bolo do dia, suco e bebida quente.',
  ].join('\n\n'),
  files: [
    {
      name: 'tabela-de-precos.csv',
      kind: 'csv',
      bytes: () =>
        csv([
          ['Produto', 'Categoria', 'Preço', 'Unidade'],
          ['Pão francês', 'Pães', 'R$ 19,90', 'kg'],
          ['Pão de fermentação natural', 'Pães', 'R$ 24,00', 'unidade (800 g)'],
          ['Pão de forma integral', 'Pães', 'R$ 16,50', 'pacote de 500 g'],
          ['Baguete', 'Pães', 'R$ 9,00', 'unidade'],
          ['Pão de queijo', 'Salgados', 'R$ 4,00', 'unidade'],
          ['Pão de queijo congelado', 'Congelados', 'R$ 39,90', 'pacote de 1 kg'],
          ['Coxinha de frango com catupiry', 'Salgados', 'R$ 8,50', 'unidade'],
          ['Esfiha de carne', 'Salgados', 'R$ 7,00', 'unidade'],
          ['Empada de palmito', 'Salgados', 'R$ 8,00', 'unidade'],
          ['Quiche de alho-poró', 'Salgados', 'R$ 14,00', 'fatia'],
          ['Croissant de presunto e queijo', 'Salgados', 'R$ 12,50', 'unidade'],
          ['Bolo de cenoura com cobertura de chocolate', 'Bolos', 'R$ 45,00', 'inteiro (1,2 kg)'],
          ['Bolo de fubá com goiabada', 'Bolos', 'R$ 38,00', 'inteiro (1 kg)'],
          ['Bolo de chocolate sem glúten', 'Bolos', 'R$ 62,00', 'inteiro (1 kg)'],
          ['Fatia de bolo do dia', 'Bolos', 'R$ 9,00', 'fatia'],
          ['Torta holandesa', 'Doces', 'R$ 16,00', 'fatia'],
          ['Sonho de creme', 'Doces', 'R$ 7,50', 'unidade'],
          ['Brigadeiro gourmet', 'Doces', 'R$ 4,50', 'unidade'],
          ['Cento de docinhos para festa', 'Festas', 'R$ 180,00', '100 unidades'],
          ['Cento de salgadinhos fritos', 'Festas', 'R$ 120,00', '100 unidades'],
          ['Café expresso', 'Bebidas', 'R$ 6,00', 'xícara'],
          ['Cappuccino', 'Bebidas', 'R$ 11,00', 'xícara'],
          ['Chocolate quente', 'Bebidas', 'R$ 12,00', 'copo de 300 ml'],
          ['Suco de laranja natural', 'Bebidas', 'R$ 10,00', 'copo de 400 ml'],
          ['Pingado (café com leite)', 'Bebidas', 'R$ 7,00', 'copo'],
          ['Misto quente', 'Lanches', 'R$ 13,00', 'unidade'],
          ['Sanduíche natural de frango', 'Lanches', 'R$ 18,00', 'unidade'],
          ['Pão na chapa com manteiga', 'Lanches', 'R$ 6,50', 'unidade'],
          ...padariaCatalogue(),
        ]),
    },
    {
      name: 'perguntas-frequentes.txt',
      kind: 'txt',
      bytes: () =>
        utf8(
          [
            'Perguntas frequentes - Padaria Doce Trigo',
            'Encomendas de bolos: bolos inteiros e tortas devem ser encomendados com 48 horas de antecedência, pelo WhatsApp ou no balcão. Pedimos um sinal de 50% do valor para confirmar a encomenda. Bolos personalizados para aniversário (com nome, tema ou foto comestível) precisam de 5 dias de antecedência.',
            'Cancelamento de encomendas: encomendas canceladas com mais de 24 horas de antecedência têm o sinal devolvido integralmente. Depois desse prazo o sinal não é devolvido, porque a produção já começou.',
            'Alergias e restrições: temos bolo de chocolate sem glúten e pão sem lactose todos os dias. Os produtos sem glúten são feitos em área separada, mas a cozinha manipula trigo, então não garantimos ausência total de traços para celíacos graves.',
            'Animais de estimação: cães são bem-vindos na área externa (varanda), mas não podem entrar no salão por normas da vigilância sanitária.',
            'Pão de queijo congelado: o pacote de 1 kg rende cerca de 40 unidades. Asse em forno preaquecido a 180 °C por 25 minutos, sem descongelar. No freezer, dura até 3 meses.',
            'Wi-fi: o salão tem internet sem fio gratuita para clientes; a senha fica impressa na comanda.',
            'Festas e eventos: vendemos kits festa com docinhos, salgadinhos e bolo. Para pedidos acima de 300 salgados, fale com a gerência com uma semana de antecedência.',
            'Vagas de emprego: currículos podem ser deixados no caixa ou enviados para o e-mail rh@docetrigo.com.br.',
          ].join('\r\n\r\n'),
        ),
    },
  ],
  questions: [
    { q: 'Vocês abrem segunda-feira?', expect: ['segundas-feiras a loja fica fechada'] },
    { q: 'que horas abre no domingo?', expect: ['aos domingos e feriados, das 7h às 13h'] },
    { q: 'onde fica a padaria? é perto do metrô?', expect: ['Rua Joaquim Távora, 845'] },
    { q: 'aceita vale alimentação?', expect: ['vale-alimentação Sodexo'] },
    { q: 'quanto é a taxa de entrega?', expect: ['A taxa é de R$ 6,00'] },
    { q: 'quanto custa o café da manhã de vocês?', expect: ['R$ 34,90 por pessoa'] },
    { q: 'quanto ta o pão de queijo?', expect: ['Produto: Pão de queijo Categoria'] },
    { q: 'qual o valor do kg do pao frances', expect: ['Produto: Pão francês'] },
    { q: 'vcs tem bolo sem gluten? qual o preço?', expect: ['Produto: Bolo de chocolate sem glúten'] },
    { q: 'preço do cento de salgadinho pra festa', expect: ['Produto: Cento de salgadinhos fritos'] },
    { q: 'quanto custa um cappuccino?', expect: ['Produto: Cappuccino'] },
    { q: 'Preciso encomendar um bolo pra sábado, com quantos dias de antecedência tenho que pedir?', expect: ['48 horas de antecedência'] },
    { q: 'se eu desistir da encomenda vocês devolvem o dinheiro?', expect: ['sinal devolvido integralmente'] },
    { q: 'Meu filho é celíaco, é seguro comer aí?', expect: ['área separada'] },
    { q: 'como faço pra assar o pão de queijo congelado?', expect: ['Asse em forno preaquecido'] },
    { q: 'posso levar meu cachorro?', expect: ['cães são bem-vindos'] },
    { q: 'onde eu deixo meu currículo?', expect: ['rh@docetrigo.com.br'] },
  ],
};

// ---------------------------------------------------------------------------------------------- pet shop

const petshop: QualityBusiness = {
  key: 'petshop',
  companyName: 'Amigo Fiel Pet Shop',
  about: [
    'O Amigo Fiel é um pet shop com banho e tosa, consultório veterinário e loja de rações e acessórios no bairro do Tatuapé, em São Paulo.',
    'Horário: segunda a sexta, das 8h às 19h; sábados, das 8h às 16h. Não abrimos aos domingos. O consultório veterinário atende com hora marcada de segunda a sábado.',
    'Endereço: Rua Tuiuti, 2.310, Tatuapé. Estacionamento próprio gratuito para clientes, com 6 vagas.',
    'Leva e traz: buscamos e levamos o seu pet em casa com o nosso carro climatizado. O serviço custa R$ 15,00 por trecho para endereços a até 5 km da loja; acima disso, consulte.',
    'Pagamento: Pix, dinheiro e cartões. Pacotes mensais de banho podem ser pagos no cartão de crédito em até 3 vezes.',
    'Agendamentos pelo WhatsApp (11) 97654-3210 ou pelo telefone fixo (11) 2093-4455.',
  ].join('\n\n'),
  files: [
    {
      name: 'tabela-servicos.xlsx',
      kind: 'xlsx',
      bytes: () =>
        workbook(
          'Serviços',
          [
            ['Serviço', 'Porte', 'Preço', 'Duração'],
            ['Banho', 'Pequeno (até 10 kg)', 50, '1 hora'],
            ['Banho', 'Médio (10 a 25 kg)', 65, '1h30'],
            ['Banho', 'Grande (acima de 25 kg)', 90, '2 horas'],
            ['Banho e tosa completa', 'Pequeno (até 10 kg)', 85, '2 horas'],
            ['Banho e tosa completa', 'Médio (10 a 25 kg)', 110, '2h30'],
            ['Banho e tosa completa', 'Grande (acima de 25 kg)', 150, '3 horas'],
            ['Tosa higiênica', 'Todos os portes', 35, '30 minutos'],
            ['Banho em gatos', 'Todos os portes', 80, '1h30'],
            ['Hidratação de pelos', 'Todos os portes', 30, '20 minutos'],
            ['Corte de unhas', 'Todos os portes', 20, '15 minutos'],
            ['Escovação de dentes', 'Todos os portes', 25, '15 minutos'],
            ['Consulta veterinária', '', 160, '40 minutos'],
            ['Vacina V10 (polivalente)', '', 95, '15 minutos'],
            ['Vacina antirrábica', '', 70, '15 minutos'],
            ['Vacina da gripe canina', '', 110, '15 minutos'],
            ['Aplicação de microchip', '', 120, '15 minutos'],
            ['Pacote mensal com 4 banhos', 'Pequeno (até 10 kg)', 170, ''],
            ['Pacote mensal com 4 banhos', 'Médio (10 a 25 kg)', 220, ''],
          ],
          [2],
        ),
    },
    { name: 'produtos-loja.xlsx', kind: 'xlsx', bytes: () => workbook('Produtos', petshopCatalogue(), [3]) },
    {
      name: 'regras-banho-e-tosa.txt',
      kind: 'txt',
      bytes: () =>
        utf8(
          [
            'Regras do banho e tosa e do consultório - Amigo Fiel',
            'Vacinação obrigatória: para usar o banho e tosa, cães precisam estar com a vacina V10 e a antirrábica em dia, e gatos com a V4 (quádrupla felina) e a antirrábica. Traga a carteirinha de vacinação no primeiro atendimento.',
            'Pulgas e carrapatos: se encontrarmos pulgas ou carrapatos durante o banho, aplicamos banho antipulgas com cobrança adicional de R$ 25,00, sempre avisando o tutor antes.',
            'Animais agressivos ou idosos: pets bravos são atendidos com focinheira e, quando necessário, em horário separado. Cães com mais de 10 anos passam por uma avaliação rápida antes do banho.',
            'Atrasos na retirada: o pet pode ficar conosco até 1 hora depois do término do serviço sem custo. Depois disso cobramos uma diária de hotelzinho de R$ 40,00.',
            'Cancelamento: desmarque com pelo menos 2 horas de antecedência. Faltas sem aviso fazem o próximo agendamento exigir pagamento antecipado.',
            'Primeira visita: na primeira vez do seu pet no Amigo Fiel, o banho tem 10% de desconto.',
            'Fêmeas no cio: cadelas no cio só podem tomar banho no primeiro horário da manhã, para evitar estresse com outros cães.',
          ].join('\n\n'),
        ),
    },
  ],
  questions: [
    { q: 'meu cachorro é grande, quanto fica o banho?', expect: ['Serviço: Banho Porte: Grande'] },
    { q: 'quanto custa banho e tosa pra um shih tzu pequeno?', expect: ['Serviço: Banho e tosa completa Porte: Pequeno'] },
    { q: 'vocês dão banho em gato?', expect: ['Serviço: Banho em gatos'] },
    { q: 'qual o preço da vacina da raiva?', expect: ['Serviço: Vacina antirrábica'] },
    { q: 'quanto é a consulta com o veterinário?', expect: ['Serviço: Consulta veterinária'] },
    { q: 'quanto custa colocar microchip no meu gato?', expect: ['Serviço: Aplicação de microchip'] },
    { q: 'precisa levar a carteira de vacina?', expect: ['carteirinha de vacinação'] },
    { q: 'meu cachorro ta com pulga, vocês cobram a mais?', expect: ['banho antipulgas'] },
    { q: 'Abrem domingo?', expect: ['Não abrimos aos domingos'] },
    { q: 'vcs buscam o cachorro em casa?', expect: ['Leva e traz'] },
    { q: 'até que horas posso buscar meu cachorro depois do banho?', expect: ['diária de hotelzinho'] },
    { q: 'minha cadela está no cio, pode tomar banho?', expect: ['cadelas no cio'] },
    { q: 'preciso desmarcar o banho de amanhã, tem problema?', expect: ['desmarque com pelo menos 2 horas'] },
    { q: 'tem desconto na primeira vez?', expect: ['primeira vez do seu pet'] },
    { q: 'meu cachorro é bravo, vocês atendem assim mesmo?', expect: ['focinheira'] },
  ],
};

// ---------------------------------------------------------------------------------------------- calçados

const calcados: QualityBusiness = {
  key: 'calcados',
  companyName: 'Passo Firme Calçados',
  about: [
    'A Passo Firme Calçados vende tênis, sapatos, sandálias e botas masculinos, femininos e infantis, com lojas físicas em São Paulo e loja virtual com entrega para todo o Brasil.',
    'Lojas: Shopping Eldorado (piso térreo, loja 112) e Rua Teodoro Sampaio, 1.540, Pinheiros. A loja do shopping funciona de segunda a sábado, das 10h às 22h, e aos domingos e feriados, das 14h às 20h. A loja de rua abre de segunda a sábado, das 9h às 19h.',
    'Pagamento: Pix com 5% de desconto, boleto, cartões de crédito em até 10 vezes sem juros (parcela mínima de R$ 50,00) e cartão de débito nas lojas físicas.',
    'Atendimento da loja virtual: chat e WhatsApp (11) 99876-5432, de segunda a sexta, das 9h às 18h.',
    'Numeração: trabalhamos do 33 ao 44 nos modelos adultos e do 18 ao 36 nos infantis. Nossos modelos seguem a forma tradicional brasileira; em caso de dúvida, consulte a tabela de medidas.',
  ].join('\n\n'),
  files: [
    {
      name: 'politica-de-trocas.pdf',
      kind: 'pdf',
      bytes: () =>
        pdf([
          'Política de trocas e devoluções - Passo Firme Calçados',
          '1. Troca de tamanho ou modelo: você tem 30 dias corridos a partir do recebimento para trocar um produto sem uso, na caixa original e com a etiqueta. A troca pode ser feita em qualquer loja física, mesmo para compras feitas no site.',
          '2. Direito de arrependimento: compras feitas pela internet podem ser devolvidas em até 7 dias após o recebimento, com reembolso integral, inclusive do frete, conforme o Código de Defesa do Consumidor.',
          '3. Produtos com defeito: a garantia contra defeitos de fabricação é de 90 dias. Descolamento de solado, costura solta e defeitos no zíper são analisados pela nossa equipe técnica em até 5 dias úteis.',
          '4. Reembolso: o valor é devolvido pelo mesmo meio de pagamento. No cartão de crédito, o estorno aparece em até duas faturas; no Pix ou boleto, depositamos em até 10 dias úteis na conta do titular da compra.',
          '5. Produtos em promoção: itens comprados em liquidação podem ser trocados por tamanho, mas não são devolvidos com reembolso, exceto em caso de defeito ou de arrependimento de compra online.',
          '6. Frete da troca: a primeira troca de compras online tem frete grátis; geramos um código de postagem para você levar o produto a uma agência dos Correios. A partir da segunda troca, o frete é por conta do cliente.',
        ]),
    },
    { name: 'catalogo-de-modelos.csv', kind: 'csv', bytes: () => csv(calcadosCatalogue()) },
    {
      name: 'frete.csv',
      kind: 'csv',
      bytes: () =>
        csv([
          ['Região', 'Prazo de entrega', 'Valor do frete'],
          ['São Paulo (capital)', '1 a 2 dias úteis', 'R$ 12,90'],
          ['Grande São Paulo', '2 a 3 dias úteis', 'R$ 15,90'],
          ['Interior de São Paulo', '3 a 5 dias úteis', 'R$ 19,90'],
          ['Rio de Janeiro e Minas Gerais', '3 a 6 dias úteis', 'R$ 24,90'],
          ['Espírito Santo', '4 a 7 dias úteis', 'R$ 27,90'],
          ['Paraná, Santa Catarina e Rio Grande do Sul', '4 a 7 dias úteis', 'R$ 27,90'],
          ['Centro-Oeste', '5 a 8 dias úteis', 'R$ 32,90'],
          ['Nordeste', '6 a 10 dias úteis', 'R$ 36,90'],
          ['Norte', '8 a 14 dias úteis', 'R$ 44,90'],
          ['Compras acima de R$ 299,00 (Sul e Sudeste)', 'Conforme a região', 'Grátis'],
        ]),
    },
    {
      name: 'tabela-de-medidas.csv',
      kind: 'csv',
      bytes: () =>
        csv([
          ['Numeração', 'Comprimento do pé (cm)'],
          ...Array.from({ length: 12 }, (_, i) => [String(33 + i), `${(21.5 + i * 0.7).toFixed(1).replace('.', ',')} cm`]),
        ]),
    },
  ],
  questions: [
    { q: 'comprei um tênis pelo site e ficou apertado, posso trocar?', expect: ['30 dias corridos'] },
    { q: 'me arrependi da compra online, vocês devolvem o dinheiro?', expect: ['Direito de arrependimento'] },
    { q: 'a sola do meu sapato descolou depois de 2 meses, tem garantia?', expect: ['Descolamento de solado'] },
    // Both: the PDF's paragraphs are whole since pdf.ts joins wrapped lines, and the passages' 100-character overlap can
    // hold "duas faturas" twice; only one passage holds the paragraph's start with it.
    { q: 'em quanto tempo cai o estorno no cartão?', expect: ['Reembolso: o valor é devolvido pelo mesmo meio de pagamento', 'duas faturas'] },
    { q: 'quem paga o frete da troca?', expect: ['primeira troca de compras online tem frete grátis'] },
    { q: 'comprei na liquidação, posso devolver?', expect: ['não são devolvidos com reembolso'] },
    { q: 'quanto é o frete pro Rio de Janeiro?', expect: ['Região: Rio de Janeiro e Minas Gerais'] },
    { q: 'quanto tempo demora pra chegar em Recife?', expect: ['Região: Nordeste'] },
    { q: 'a partir de quanto o frete é grátis?', expect: ['Compras acima de R$ 299,00'] },
    { q: 'parcelam em quantas vezes?', expect: ['10 vezes sem juros'] },
    { q: 'que horas a loja do Eldorado abre no domingo?', expect: ['Shopping Eldorado'] },
    { q: 'vocês tem tênis numero 45?', expect: ['do 33 ao 44'] },
    { q: 'meu pé tem 25 cm, que número eu calço?', expect: ['Comprimento do pé (cm): 25,0 cm'] },
    { q: 'tem desconto no pix?', expect: ['Pix com 5% de desconto'] },
  ],
};

// ---------------------------------------------------------------------------------------------- dentista

const dentista: QualityBusiness = {
  key: 'dentista',
  companyName: 'Clínica Sorriso Leve',
  about: [
    'A Clínica Sorriso Leve é uma clínica odontológica em Moema, São Paulo, com atendimento de clínica geral, ortodontia, implantes, estética dental e odontopediatria.',
    'Horário: segunda a sexta, das 8h às 20h, e sábados, das 8h às 13h. Aos sábados também atendemos urgências (dor de dente, dente quebrado) por ordem de chegada até as 12h.',
    'Endereço: Avenida Ibirapuera, 2.907, conjunto 54, Moema. O prédio tem manobrista (R$ 20,00) e fica a 300 metros da estação Moema do metrô.',
    'Convênios aceitos: Amil Dental, OdontoPrev, SulAmérica Odonto e Bradesco Dental. Procedimentos não cobertos pelo plano podem ser feitos como particular com 10% de desconto para conveniados.',
    'A primeira avaliação com o dentista é gratuita e inclui plano de tratamento e orçamento por escrito.',
    'Pagamento: tratamentos particulares podem ser parcelados em até 12 vezes no cartão de crédito, ou pagos com 8% de desconto à vista no Pix.',
  ].join('\n\n'),
  files: [
    {
      name: 'tabela-de-procedimentos.xlsx',
      kind: 'xlsx',
      bytes: () =>
        workbook(
          'Procedimentos',
          [
            ['Procedimento', 'Valor particular', 'Observação'],
            ['Limpeza (profilaxia) e aplicação de flúor', 220, 'Recomendada a cada 6 meses'],
            ['Restauração em resina', 280, 'Por dente'],
            ['Tratamento de canal (dente molar)', 1250, 'Até 3 sessões, sem a coroa'],
            ['Tratamento de canal (dente anterior)', 850, 'Até 2 sessões'],
            ['Extração simples', 250, 'Por dente'],
            ['Extração de siso', 550, 'Por dente, com anestesia local'],
            ['Clareamento a laser', 1300, 'Duas sessões no consultório'],
            ['Clareamento caseiro com moldeira', 900, 'Kit com gel para 3 semanas'],
            ['Implante dentário com coroa', 3800, 'Coroa de porcelana incluída'],
            ['Aparelho fixo metálico (instalação)', 950, 'Manutenção mensal à parte'],
            ['Manutenção mensal do aparelho', 190, 'Por consulta'],
            ['Alinhador transparente', 9500, 'Tratamento completo'],
            ['Faceta de porcelana', 2400, 'Por dente'],
            ['Radiografia panorâmica', 95, 'Feita na própria clínica'],
            ['Placa de bruxismo', 650, 'Sob medida'],
            ['Restauração em amálgama', 180, 'Por dente'],
            ['Coroa provisória', 350, 'Por dente'],
            ['Coroa de porcelana', 1900, 'Por dente'],
            ['Coroa de zircônia', 2300, 'Por dente'],
            ['Prótese total (dentadura)', 2600, 'Por arcada'],
            ['Prótese parcial removível', 1800, 'Por arcada'],
            ['Enxerto ósseo', 1500, 'Por região'],
            ['Levantamento de seio maxilar', 2800, 'Por lado'],
            ['Gengivoplastia', 900, 'Por arcada'],
            ['Raspagem de tártaro por quadrante', 200, 'Até 4 quadrantes'],
            ['Tratamento de gengivite', 450, 'Duas sessões'],
            ['Selante', 90, 'Por dente'],
            ['Pulpotomia em dente de leite', 380, 'Por dente'],
            ['Extração de dente de leite', 150, 'Por dente'],
            ['Mantenedor de espaço', 520, 'Sob medida'],
            ['Aparelho autoligado (instalação)', 2200, 'Manutenção mensal à parte'],
            ['Aparelho estético de safira (instalação)', 2600, 'Manutenção mensal à parte'],
            ['Contenção fixa', 380, 'Após o aparelho'],
            ['Contenção removível', 420, 'Após o aparelho'],
            ['Documentação ortodôntica', 290, 'Radiografias, fotos e modelos'],
            ['Tomografia odontológica', 350, 'Feita em clínica parceira'],
            ['Radiografia periapical', 40, 'Por imagem'],
            ['Toxina botulínica para bruxismo', 1200, 'Aplicação no masseter'],
            ['Lente de contato dental', 2900, 'Por dente'],
            ['Clareamento interno (dente escurecido)', 600, 'Por dente, após canal'],
            ['Frenectomia', 700, 'Com laser'],
          ],
          [1],
        ),
    },
    { name: 'cobertura-dos-convenios.csv', kind: 'csv', bytes: () => csv(dentistaCoverage()) },
    { name: 'duvidas-frequentes.pdf', kind: 'pdf', bytes: () => pdf(DENTISTA_FAQ) },
    {
      name: 'orientacoes-aos-pacientes.txt',
      kind: 'txt',
      bytes: () =>
        utf8(
          [
            'Orientações aos pacientes - Clínica Sorriso Leve',
            'Cancelamentos e remarcações: avise com pelo menos 24 horas de antecedência. Faltas sem aviso são cobradas em R$ 80,00 para pacientes particulares.',
            'Atrasos: a tolerância é de 15 minutos. Após esse tempo, a consulta pode ser reagendada para não atrasar os próximos pacientes.',
            'Primeira consulta: traga documento com foto, a carteirinha do convênio (se houver) e radiografias recentes, se tiver.',
            'Crianças: a odontopediatra atende crianças a partir de 2 anos, sempre acompanhadas de um responsável.',
            'Gestantes: o atendimento é seguro a partir do segundo trimestre; informe a gestação na recepção. Radiografias só com autorização médica.',
            'Depois do clareamento: evite café, vinho tinto, refrigerante de cola, beterraba e molho de tomate por 48 horas (dieta branca).',
            'Depois da extração: não cuspa, não faça bochecho e evite alimentos quentes nas primeiras 24 horas. Em caso de sangramento, morda uma gaze por 30 minutos.',
          ].join('\n\n'),
        ),
    },
  ],
  questions: [
    { q: 'Quanto fica o clareamento feito no consultório?', expect: ['Procedimento: Clareamento a laser Valor particular'] },
    { q: 'vocês aceitam o plano da amil?', expect: ['Convênios aceitos: Amil Dental'] },
    { q: 'Quanto custa pra tirar o siso?', expect: ['Procedimento: Extração de siso Valor particular'] },
    { q: 'qual o preço do implante?', expect: ['Procedimento: Implante dentário com coroa Valor particular'] },
    { q: 'Quanto é uma limpeza nos dentes?', expect: ['Procedimento: Limpeza (profilaxia) e aplicação de flúor Valor particular'] },
    { q: 'quanto custa um canal num dente do fundo?', expect: ['Procedimento: Tratamento de canal (dente molar) Valor particular'] },
    { q: 'quanto custa o aparelho invisível?', expect: ['Procedimento: Alinhador transparente Valor particular'] },
    { q: 'tô com muita dor de dente, vocês atendem no sábado?', expect: ['atendemos urgências'] },
    { q: 'a avaliação é paga?', expect: ['primeira avaliação com o dentista é gratuita'] },
    { q: 'preciso cancelar a consulta de amanhã, cobra alguma coisa?', expect: ['Cancelamentos e remarcações'] },
    { q: 'atendem criança de 3 anos?', expect: ['odontopediatra atende crianças'] },
    { q: 'estou grávida, posso fazer tratamento?', expect: ['Gestantes'] },
    { q: 'o que não posso comer depois do clareamento?', expect: ['dieta branca'] },
    { q: 'tem estacionamento?', expect: ['manobrista'] },
    { q: 'dá pra parcelar o tratamento?', expect: ['parcelados em até 12 vezes'] },
    { q: 'o que fazer se sangrar depois de arrancar o dente?', expect: ['morda uma gaze'] },
  ],
};

// ---------------------------------------------------------------------------------------------- restaurante

const restaurante: QualityBusiness = {
  key: 'restaurante',
  companyName: 'Cantina da Nonna',
  about: [
    'A Cantina da Nonna é um restaurante italiano familiar na Saúde, em São Paulo, com massas frescas feitas na casa, pizzas em forno a lenha e sobremesas tradicionais.',
    'Horários: almoço de terça a domingo, das 11h30 às 15h30; jantar de quinta a sábado, das 19h às 23h30. Fechamos às segundas-feiras.',
    'Endereço: Rua Luís Góis, 1.200, Saúde. Serviço de valet por R$ 25,00.',
    'Reservas: aceitamos reservas apenas para grupos a partir de 8 pessoas, pelo WhatsApp (11) 96543-2109, com até 7 dias de antecedência. Para grupos menores, a mesa é por ordem de chegada.',
    'Taxa de rolha: o cliente pode trazer o próprio vinho; cobramos R$ 45,00 por garrafa.',
    'Crianças: temos cardápio kids, cadeirões e espaço kids com monitora aos domingos no almoço.',
    'Delivery próprio de terça a domingo, no horário do almoço e do jantar, com pedidos pelo WhatsApp ou pelo site. Também estamos no iFood.',
  ].join('\n\n'),
  files: [
    {
      name: 'cardapio.xlsx',
      kind: 'xlsx',
      bytes: () =>
        workbook(
          'Cardápio',
          [
            ['Prato', 'Descrição', 'Preço', 'Serve'],
            ['Lasanha à bolonhesa', 'Massa fresca, molho bolonhesa, presunto, muçarela e parmesão gratinado', 68, '1 pessoa'],
            ['Nhoque de batata ao sugo', 'Nhoque artesanal com molho de tomate italiano e manjericão', 54, '1 pessoa'],
            ['Espaguete à carbonara', 'Guanciale, gema, pecorino e pimenta-do-reino', 62, '1 pessoa'],
            ['Risoto de funghi secchi', 'Arroz arbóreo, cogumelos funghi e parmesão', 72, '1 pessoa'],
            ['Filé à parmegiana', 'Filé-mignon empanado, molho de tomate e muçarela, com espaguete ao sugo', 129, '2 pessoas'],
            ['Frango à milanesa', 'Peito de frango empanado com batatas rústicas', 58, '1 pessoa'],
            ['Berinjela à parmegiana (vegetariano)', 'Berinjela empanada, molho de tomate e muçarela', 56, '1 pessoa'],
            ['Espaguete de abobrinha (vegano)', 'Abobrinha em fitas, tomate-cereja, azeite e castanhas', 52, '1 pessoa'],
            ['Pizza margherita', 'Molho de tomate, muçarela de búfala e manjericão', 79, '8 pedaços'],
            ['Pizza calabresa', 'Calabresa artesanal, cebola roxa e azeitonas', 76, '8 pedaços'],
            ['Pizza quatro queijos', 'Muçarela, gorgonzola, provolone e parmesão', 84, '8 pedaços'],
            ['Menu kids', 'Espaguete na manteiga ou ao sugo com iscas de frango e suco', 39, '1 criança'],
            ['Tiramisù', 'Biscoito champanhe, café, mascarpone e cacau', 29, '1 pessoa'],
            ['Panna cotta de frutas vermelhas', 'Creme italiano cozido com calda de frutas vermelhas', 26, '1 pessoa'],
            ['Vinho tinto da casa (taça)', 'Cabernet sauvignon', 32, '150 ml'],
            ['Refrigerante lata', 'Coca-Cola, guaraná ou soda limonada', 8, '350 ml'],
            ['Água com gás', 'Garrafa de 500 ml', 7, '1 garrafa'],
            ...restauranteCatalogue(),
          ],
          [2],
        ),
    },
    {
      name: 'areas-de-entrega.csv',
      kind: 'csv',
      bytes: () =>
        csv([
          ['Bairro', 'Taxa de entrega', 'Tempo médio'],
          ['Saúde', 'R$ 5,00', '30 minutos'],
          ['Vila Mariana', 'R$ 7,00', '40 minutos'],
          ['Jabaquara', 'R$ 8,00', '40 minutos'],
          ['Ipiranga', 'R$ 9,00', '45 minutos'],
          ['Moema', 'R$ 9,00', '45 minutos'],
          ['Vila Clementino', 'R$ 7,00', '35 minutos'],
          ['Cursino', 'R$ 8,00', '40 minutos'],
          ['Campo Belo', 'R$ 12,00', '50 minutos'],
          ['Brooklin', 'R$ 14,00', '55 minutos'],
        ]),
    },
  ],
  questions: [
    { q: 'vocês abrem segunda?', expect: ['Fechamos às segundas-feiras'] },
    { q: 'Quero reservar uma mesa pra 4 pessoas sábado à noite', expect: ['aceitamos reservas apenas para grupos'] },
    { q: 'posso levar meu próprio vinho?', expect: ['Taxa de rolha'] },
    { q: 'quanto custa a lasanha?', expect: ['Prato: Lasanha à bolonhesa'] },
    { q: 'qual o preço da pizza de quatro queijos?', expect: ['Prato: Pizza quatro queijos'] },
    { q: 'tem alguma opção vegana?', expect: ['Prato: Espaguete de abobrinha (vegano)'] },
    { q: 'o filé a parmegiana dá pra duas pessoas?', expect: ['Prato: Filé à parmegiana'] },
    { q: 'quanto é o tiramisu?', expect: ['Prato: Tiramisù'] },
    { q: 'entregam na Vila Mariana? quanto é a taxa?', expect: ['Bairro: Vila Mariana'] },
    { q: 'quanto tempo demora a entrega no Brooklin?', expect: ['Bairro: Brooklin'] },
    { q: 'tem espaço pra criança brincar?', expect: ['espaço kids com monitora'] },
    { q: 'tem manobrista?', expect: ['Serviço de valet'] },
    { q: 'vocês estão no ifood?', expect: ['Também estamos no iFood'] },
    { q: 'quanto custa o prato infantil?', expect: ['Prato: Menu kids'] },
  ],
};

export const QUALITY_BUSINESSES: QualityBusiness[] = [padaria, petshop, calcados, dentista, restaurante];
