import { lexemeSet } from './text-search';
import { spellWeekdays } from './weekdays';

/**
 * The words a shop and its customers use for the same thing. A question word of a group also matches the group's other
 * words: in retrieval (knowledge/retrieval.ts: "Qual o endereço?" finds the passage that says "Ficamos na Rua…", which
 * has no "endereço") and in the offline answer (chat/question.ts: "abrem" finds "Horário de funcionamento", "frete"
 * finds "entrega").
 */
/** The words of a shop's opening hours. */
const HOURS = 'horário horários abre abrem abrir abrimos funciona funcionam funcionamos funcionamento expediente fecha fecham fechamos';

const SYNONYM_GROUPS = [
  // "atendimento" is the hours too ("horário de atendimento"), though "vcs estão abertos?" does not ask who attends.
  `${HOURS} atende atendem atendemos atendimento`,
  // A shop's state asks for its hours ("vcs estão abertos?"), but any "aberto" or "fechado" in a text is no schedule
  // ("cravos abertos ou fechados"): one way, as a kind and its brands (KINDS, below).
  'aberto aberta abertos abertas fechado fechada fechados fechadas',
  'preço preços custa custam custo valor valores cobram cobra',
  'entrega entregas entregam entregar delivery frete envio enviam mandam',
  'pagamento pagamentos pagar pago aceitam aceita',
  'endereço localização localizados fica ficam rua',
  'telefone contato whatsapp whats wpp zap ligar celular fone',
  'email emails e-mail',
  'instagram insta',
  'troca trocas trocar devolução devoluções devolver',
  'encomenda encomendas encomendar reserva reservar',
  'grátis gratuito gratuita gratis',
  'prazo demora demoram',
  'refrigerante refrigerantes refri refris',
  'cerveja cervejas chopp chope',
  'cachorro cachorros dog dogs',
  'infantil infantis kids kid criança crianças',
  'gestante gestantes grávida grávidas gravidez',
  // A pet is also a "cachorro" (the hot dog's group above: a word may be in two groups).
  'pet pets animal animais cachorro cachorros cão cães gato gatos',
  'cartão cartões',
  'saldo resto restante',
  'imóvel imóveis apartamento apartamentos',
  'wifi internet',
  'moto motos motocicleta motocicletas',
  'carro carros automóvel automóveis veículo veículos',
  'quarto quartos dormitório dormitórios suíte suítes acomodação acomodações',
  'criança crianças filho filhos filha filhas',
  'mudar mudança alterar alteração alterações',
  'emergência emergências urgência urgências',
  'remédio remédios medicamento medicamentos',
  'ultrassom ultrassons ultrassonografia ultrassonografias',
  'vegetariano vegetariana vegetarianos vegetarianas veggie vegano vegana',
  'tirar tira tiram retirar retira retiram remover remove removem remoção',
  // "cancelar 5 dias antes" is "com 5 dias de antecedência".
  'antes antecedência',
  'dura duram durar duração',
  'quilometragem kilometragem',
  // "quantas pessoas cabem?" over "capacidade para 25 pessoas".
  'capacidade cabe cabem caber comporta comportam lotação',
  'perto próximo próxima próximos próximas',
  'promoção promoções oferta ofertas',
  'conserto consertos consertar conserta consertam reparo reparos reparar repara reparam',
  'massagem massagens massoterapia',
  // "que método vcs usam?" over "Utilizamos o método…".
  'usar usa usam usamos utilizar utiliza utilizam utilizamos',
  // "qual o tamanho do espaço?" over "uma área de 1.200 m²".
  'tamanho área metragem',
  // "aprovados pela anvisa?" over "produtos homologados na ANVISA".
  'aprovado aprovada aprovados aprovadas homologado homologada homologados homologadas',
  // "fim de semana" as one word (PHRASES): its days are its kinds.
  'fds',
].map((group) => [...lexemeSet(group)]);

const SYNONYMS = new Map<string, string[]>();
/** Gives a lexeme more synonyms, keeping those of every group it is already in. */
const addSynonyms = (lexeme: string, more: readonly string[]) => SYNONYMS.set(lexeme, [...new Set([...(SYNONYMS.get(lexeme) ?? []), ...more])]);
for (const group of SYNONYM_GROUPS) for (const lexeme of group) addSynonyms(lexeme, group);

/**
 * Kinds of thing a menu lists by brand or style, not by name: a question for the kind ("vocês têm cerveja?") also
 * matches its brands ("Heineken long neck"). One way only: "tem Brahma?" is not answered by any beer. Brands that are
 * also another kind's ("Antarctica": beer and guaraná) or plain words ("Original") are left out.
 */
const KINDS: Array<[string, string]> = [
  ['cerveja', 'brahma skol heineken itaipava budweiser stella corona amstel eisenbahn devassa bohemia spaten petra colorado baden ipa pilsen lager weiss stout'],
  ['refrigerante', 'coca cola guaraná fanta sprite pepsi kuat sukita soda schweppes tônica'],
  ['aberto', HOURS],
  // "parcela no cartão?" over "crédito em até 6x"; not "débito?" over "Todos os cartões" (a debit card is one kind of card).
  ['cartão', 'crédito débito'],
  // "abrem no fim de semana?" over "Sábado: 8h às 12h" (a text's own "fim de semana" is its days: weekdays.ts).
  ['fds', 'sábado domingo'],
];
for (const [kind, brands] of KINDS) {
  const lexemes = [...lexemeSet(brands)];
  for (const lexeme of SYNONYMS.get([...lexemeSet(kind)][0]!)!) addSynonyms(lexeme, lexemes);
}

/** The lexemes of a word's synonyms (its group's other lexemes, and a kind's brands), none when it has none. */
export function synonymsOf(lexemes: readonly string[]): string[] {
  return [...new Set(lexemes.flatMap((l) => SYNONYMS.get(l) ?? []))].filter((l) => !lexemes.includes(l));
}

/** A question word's lexemes with its synonyms', as one alternative of a search (any of them matches the word). */
export function withSynonyms(lexemes: readonly string[]): readonly string[] {
  const synonyms = synonymsOf(lexemes);
  return synonyms.length === 0 ? lexemes : [...lexemes, ...synonyms];
}

/**
 * Names of two words that shops also write as one ("cachorro-quente", "DOG", "hot dog"; "fim de semana", "fds"): a
 * question's is read as the one word its synonyms know, so the second word ("quente") does not count as missing where
 * the menu says "DOG".
 */
const PHRASES: Array<[RegExp, string]> = [
  // As "dog", the hot dog's word that is not also a pet's.
  [/\bcachorros?[\s-]+quentes?\b/giu, 'dog'],
  [/\bhot[\s-]?dogs?\b/giu, 'dog'],
  [/(?<![\p{L}\p{N}])(?:fim|fins|final|finais)\s+de\s+semana(?![\p{L}\p{N}])/giu, 'fds'],
  // "horário durante a semana", "abrem em dias úteis?": the days, as a shop writes them ("Segunda à Sexta"). Not a length
  // of time ("5 dias úteis") nor a week ("na semana que vem").
  [
    /(?<![\p{N}]\s{0,3})(?<![\p{L}\p{N}])(?:(?:durante\s+a|na|em\s+dias?\s+de|nos\s+dias\s+de|dias?\s+de)\s+semana(?!\s+(?:que\s+vem|passada|seguinte))|(?:em\s+)?dias\s+[úu]teis)(?![\p{L}\p{N}])/giu,
    'segunda a sexta',
  ],
];

/** What a shop is, as customers name the one they write to ("onde fica a sorveteria?"). */
const SHOP = [
  'loja|lojas|empresa|unidade|filial|escrit[óo]rio|sede|cl[íi]nica|consult[óo]rio|estabelecimento|restaurante|padaria|pizzaria',
  'lanchonete|academia|sal[ãa]o|barbearia|pousada|hotel|oficina|farm[áa]cia|drogaria|mercado|mercearia|sorveteria|a[çc]aiteria',
  'cafeteria|confeitaria|doceria|hamburgueria|a[çc]ougue|lavanderia|floricultura|papelaria|gr[áa]fica|livraria|perfumaria',
  '[óo]tica|imobili[áa]ria|locadora|corretora|ag[êe]ncia|escola|autoescola|est[úu]dio|studio|ateli[êe]|boutique',
  'pet\\s?shop|veterin[áa]ria|assist[êe]ncia(?:\\s+t[ée]cnica)?',
].join('|');

/** How customers write on WhatsApp ("qto custa?", "tão abertos hj?"), as the words they stand for. */
const CHAT_WORDS: Array<[RegExp, string]> = [
  [/(?<![\p{L}\p{N}])(?:qto|qnto|qnt)(?![\p{L}\p{N}])/giu, 'quanto'],
  [/(?<![\p{L}\p{N}])(?:qts|qtos|qnts)(?![\p{L}\p{N}])/giu, 'quantos'],
  [/(?<![\p{L}\p{N}])(?:qnd|qdo|qndo|qnda)(?![\p{L}\p{N}])/giu, 'quando'],
  [/(?<![\p{L}\p{N}])(?:qtas|qnts)(?![\p{L}\p{N}])/giu, 'quantas'],
  [/(?<![\p{L}\p{N}])hj(?![\p{L}\p{N}])/giu, 'hoje'],
  // "tão abertos?", "vcs tão no ifood?" (not "tão bom").
  [/(?<![\p{L}\p{N}])(?:(?<=(?:vcs?|voc[êe]s?)\s+)t[ãa]o|t[ãa]o(?=\s+(?:abert|funcionando|atendendo|fechad)))(?![\p{L}\p{N}])/giu, 'estão'],
  [/(?<![\p{L}\p{N}])(?:(?<=(?:vc|voc[êe])\s+)tá|tá(?=\s+(?:abert|funcionando|atendendo|fechad)))(?![\p{L}\p{N}])/giu, 'está'],
  [/(?<![\p{L}\p{N}])pq(?![\p{L}\p{N}])/giu, 'por que'],
  [/(?<![\p{L}\p{N}])q(?![\p{L}\p{N}])/giu, 'que'],
  [/(?<![\p{L}\p{N}])(?:tb|tbm)(?![\p{L}\p{N}])/giu, 'também'],
  // "onde fica a loja?", "onde vcs ficam?", "onde vocês estão?": the shop's address ("onde" is a question word, "fica" and
  // "loja" light ones). Not "onde fica o MIT?", which asks for a place, not a shop's address.
  [new RegExp(String.raw`(?<![\p{L}\p{N}])onde\s+(?:(?:voc[êe]s|vcs)\s+(?:ficam|est[ãa]o|se\s+localizam)|(?:fica|ficam|se\s+localiza|se\s+encontra)\s+(?:[ao]s?\s+)?(?:${SHOP}))(?![\p{L}\p{N}])`, 'giu'), 'qual o endereço'],
  // "qual o endereço da imobiliária?", "telefone da sorveteria": the shop asked about is the one answering.
  [new RegExp(String.raw`(?<=(?:endere[çc]o|telefone|whats(?:app)?|zap|contato|e-?mail|instagram|hor[áa]rios?|localiza[çc][ãa]o)\s+d[aoe]s?\s+)(?:${SHOP})(?=\s*(?:[?!.,]|$))`, 'giu'), ''],
  // "alugar um ap", "vender meu apto" (not "apto a dirigir").
  [/(?<=(?:um|o|meu|seu|do|no|de|pra|para)\s+)(?:ap|apto|apê)(?![\p{L}\p{N}])/giu, 'apartamento'],
  [/(?<![\p{L}\p{N}])d['’]?[áa]gua(?![\p{L}\p{N}])/giu, 'de água'],
  // "qual o número do whats?", "numero de telefone": the number is the phone asked for.
  [/(?<![\p{L}\p{N}])n[uú]mero\s+(?:d[oe]\s+|pra\s+|para\s+)?(?=(?:whats|zap|wpp|telefone|celular|contato|fone)(?![\p{L}\p{N}]))/giu, ''],
];

/**
 * A question in the knowledge's words: WhatsApp's short forms written out (CHAT_WORDS), its two-word names as one
 * (PHRASES), its days as their names ("4ª feira" → "quarta"; "hoje" in a question about opening hours: weekdays.ts).
 */
export function shopWords(question: string): string {
  const replace = (text: string, [pattern, word]: [RegExp, string]) => text.replace(pattern, word);
  return spellWeekdays(PHRASES.reduce(replace, CHAT_WORDS.reduce(replace, question)));
}
