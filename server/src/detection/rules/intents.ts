/**
 * Signals of intent in six languages (English, Spanish, Portuguese, French, German, Indonesian): what the
 * message asks for, how it wants to be paid, unsolicited familiarity, pressure, lures. The English rules
 * in rules.ts cover English in more detail; these add the other languages and the phrasings those rules
 * miss. A hit is skipped when an English rule with the same tag already fired (evidence.ts gather), so one
 * intent is never counted twice. Weights are priors: the learned combiner rescales them (combiner.ts).
 *
 * Patterns run on folded text (lower-case, accents removed: "número" -> "numero"). Quantifiers are bounded.
 */
import { scored, type Rule } from './rules.ts';

const re = (src: string): RegExp => new RegExp(src, 'g');
const W = '[^.!?\\n]';
const win = (n: number): string => `${W}{0,${n}}`;
const span = (n: number): string => `[\\s\\S]{0,${n}}`;

/**
 * "Is this <name>?" is a stranger's opener; "is this available?", "are you flexible?" are a buyer's first
 * line (on a marketplace they were most of the false alarms). The word after it must not be one of these.
 */
const NOT_A_NAME = `(?!(?:available|still|sold|gone|taken|negotiable|firm|flexible|included|new|used|working|real|legit|genuine|original|authentic|ok|okay|free|yours|mine|open|right|true|correct|it|that|this|you|pending|done|ready|possible|allowed|fine|good|safe|serious|interested|local|busy|around|home|there|here|sure|coming|still|obo|final|unlocked|broken|clean|awake|alright|back|late|near|nearby|close|single|married|going|leaving|free)\\b)`;

export const INTENT_RULES: readonly Rule[] = scored([
  {
    id: 'intent_code',
    text: 'Asks you to pass on a code sent to your phone: whoever has it can take over your account',
    patterns: [
      re(
        `\\b(screenshot|screen shot|photo|pic|picture) (of )?(the |that |this )?(code|otp|text you (got|received))\\b`,
      ),
      re(
        `\\b(code|otp)( that| which)? (you|u) (just )?(got|received|will (get|receive))${win(40)}\\b(send|tell|give|share|forward|read)\\b`,
      ),
      re(
        `\\b(envia(me)?|mandame|manda(me)?|pasame|dime|dame|reenvia(me)?)( el| ese| este)? codigo\\b|\\bcodigo${win(60)}\\b(me lo |me )?(puedes|podrias|puede|podria) (pasar|reenviar|enviar|mandar|decir|dar)\\b`,
      ),
      re(
        `\\b(me )?(envia|manda|passa|fala|diz|encaminha)( pra mim| para mim)( o| esse| este)? codigo\\b|\\bcodigo${win(60)}\\b(pode|consegue|poderia) (me )?(passar|mandar|enviar|falar|dizer)\\b`,
      ),
      re(
        `\\b(envoie|envoyez|donne|donnez|transmets|transmettez|communique|communiquez)[- ]moi( le| ce)? code\\b|\\bcode${win(60)}\\b(peux|pouvez)[- ](tu|vous) (me )?(l'?envoyer|le transmettre|le donner|me le dire)`,
      ),
      re(
        `\\b(schick|schicke|sende|nenn|nenne|gib|sag)( mir| uns)?( bitte)? (den|diesen|deinen) (code|bestatigungscode|verifizierungscode)\\b|\\b(bestatigungscode|verifizierungscode|sms-code)${win(40)}\\b(schick|senden|weiterleiten|mitteilen)`,
      ),
      re(
        `\\b(kirim|kirimkan|kirimin|berikan|kasih|sebutkan|beritahu|fotokan)( saya| aku| ke saya)?( kode| otp)\\b|\\bkode (otp|verifikasi)${win(40)}\\b(kirim|berikan|kasih|sebutkan)`,
      ),
    ],
    types: { marketplace_verification_code: 1, phishing: 0.5 },
    tags: ['code'],
  },
  {
    id: 'intent_otp_notice',
    text: 'Looks like an automatic one-time code notification that tells you not to share the code',
    patterns: [
      re(
        `\\b(no (lo |la )?compartas|no (lo |la )?comparta|nao (o |a )?compartilhe|ne (le |la )?(partagez|communiquez|partage) (jamais|pas)|nicht weiter(geben|gegeben)|niemals weiter|jangan (berikan|bagikan|beritahukan|memberikan))\\b`,
      ),
    ],
    tags: ['notice'],
  },
  {
    id: 'intent_credentials',
    text: 'Asks for passwords, card numbers, bank details or personal data that no genuine sender asks for in a message',
    patterns: [
      re(
        `\\b(send|give|provide|confirm|verify|update|need|reply with)${win(30)}\\b(dob|d\\.o\\.b|full name and address|mother'?s maiden|online banking)\\b`,
      ),
      re(
        `\\b(envia|enviar|proporciona|confirma|confirmar|actualiza|actualizar|verifica|verificar|ingresa|introduce|necesito)${win(40)}\\b(contrasena|clave|pin|numero de (tu )?tarjeta|datos (bancarios|personales)|fecha de nacimiento|dni|cvv)\\b`,
      ),
      re(
        `\\b(envia|enviar|informe|informar|confirme|confirmar|atualize|atualizar|verifique|verificar|digite|preciso)${win(40)}\\b(senha|cpf|numero do cartao|dados (bancarios|pessoais)|data de nascimento|cvv)\\b`,
      ),
      re(
        `\\b(envoyez|envoie|fournir|fournissez|confirmez|confirmer|mettez a jour|mettre a jour|verifiez|verifier|saisissez|saisir)${win(40)}\\b(mot de passe|code secret|numero de carte|coordonnees bancaires|donnees personnelles|date de naissance|cryptogramme)\\b`,
      ),
      re(
        `\\b(senden|schicken|bestatigen|aktualisieren|verifizieren|eingeben|geben sie)${win(40)}\\b(passwort|kennwort|pin|kartennummer|bankdaten|zugangsdaten|geburtsdatum|tan)\\b`,
      ),
      re(
        `\\b(kirim|kirimkan|berikan|konfirmasi|perbarui|verifikasi|masukkan|isi)${win(40)}\\b(kata sandi|password|pin|nomor kartu|data (pribadi|diri)|tanggal lahir|ktp|nomor rekening|cvv)\\b`,
      ),
    ],
    types: { phishing: 1, bank_impersonation: 0.5 },
    tags: ['credentials'],
  },
  {
    id: 'intent_money',
    text: 'Asks you to send or lend money',
    patterns: [
      re(
        `\\b(envia(me)?|mandame|transfiere(me)?|deposita(me)?|prestame|presta(r)?me|necesito)( urgente)?${win(20)}\\b(dinero|plata|pesos|euros|dolares|\\$ ?\\d)`,
      ),
      // "¿Me puedes hacer una transferencia de 850 euros?", "hazme un bizum": the transfer named, not the money.
      re(
        `\\b(hacer(me)?|hazme|haces|mandar(me)?|enviar(me)?|pasar(me)?|mandas|pasas)( una| un)? (transferencia|bizum|deposito|giro)\\b|\\btransferencia( urgente)? de \\d`,
      ),
      re(
        `\\b(manda|envia|transfere|deposita|empresta|me empresta|preciso( de)?|faz um pix|faca um pix|me faz um pix)${win(20)}\\b(dinheiro|grana|reais|pix|r\\$ ?\\d)`,
      ),
      re(
        `\\b(fazer|faz|faca|me faz|mandar|enviar)( uma)? (transferencia|ted|doc)\\b|\\btransferencia( urgente)? de (r\\$ ?)?\\d`,
      ),
      re(
        `\\b(envoie|envoyez|vire|virez|prete|pretez|j'?ai besoin)[- ]?(moi)?${win(20)}\\b(argent|euros|\\d+ ?€|un virement)`,
      ),
      re(`\\b(uberweis|uberweise|schick|schicke|leih|leihe|brauche)( mir| uns)?${win(20)}\\b(geld|euro|\\d+ ?€)`),
      re(`\\b(\\d+ ?(euro|€)|geld)${win(20)}\\b(uberweisen|schicken|leihen|senden|auslegen)\\b`),
      re(
        `\\b(transfer|kirim|kirimin|pinjam|pinjamkan|tolong transfer|minta)( dulu)?${win(20)}\\b(uang|dana|duit|pulsa|rp ?\\d|\\d+ ?(rb|ribu|jt|juta))`,
      ),
    ],
    types: { family_emergency: 0.5, advance_fee: 0.5 },
    tags: ['money'],
  },
  {
    id: 'intent_payment_method',
    text: 'Wants payment by gift card, voucher or cryptocurrency, which cannot be traced or reversed',
    patterns: [
      re(
        `\\b(tarjetas? de regalo|cartao (presente|de presente)|cartoes presente|cartes? cadeaux?|carte pcs|transcash|neosurf|paysafecard|gutscheinkarten?|google play karten?|amazon gutscheine?|voucher (google play|itunes))\\b`,
      ),
      re(
        `\\b(envia|deposita|transfiere|manda|paga|invierte|envoyez|investissez|zahlen|investieren|kirim|setor)${win(40)}\\b(bitcoin|btc|usdt|cripto(moneda)?s?|crypto(monnaie)?s?|kripto(wahrung)?)\\b`,
      ),
    ],
    types: { crypto_investment: 0.5, other: 0.5 },
    tags: ['payment_method'],
  },
  {
    id: 'intent_new_number',
    text: 'Someone "you know" writing from a new or unknown number: check with them on the number you already have',
    patterns: [
      re(
        `\\b(save|saving|store|add) (my|this) (new )?(number|no|phone)\\b|\\b(delete|remove) (my|the) old (number|one)\\b|\\bnew (phone|number),? (who (dis|this)|it'?s me)\\b`,
      ),
      re(
        `\\b(este|es|ese) (es )?mi (nuevo numero|numero nuevo)|\\bcambie (de|mi) (numero|telefono)|\\bguarda (este|mi|el) (nuevo )?numero\\b`,
      ),
      re(
        `\\b(esse|este|e) (e )?(o )?meu (novo numero|numero novo)|\\b(troquei|mudei) (de|o meu) numero|\\bsalva (esse|este|meu) (novo )?numero\\b|\\bnumero novo\\b`,
      ),
      re(
        `\\bc'?est mon nouveau numero|\\b(j'?ai )?change de numero|\\benregistre[sz]? (ce|mon) (nouveau )?numero\\b|\\bmon nouveau numero\\b`,
      ),
      re(
        `\\b(das ist )?meine neue (handy)?nummer|\\bneue (handy)?nummer\\b|\\bspeicher(e|t)? (diese|meine|die) (neue )?nummer\\b`,
      ),
      re(
        `\\b(ini )?(nomor|no|nmr) (baru|hp baru|wa baru)\\b|\\bganti (nomor|hp|no)\\b|\\bsimpan (nomor|no) (ini|baru)\\b`,
      ),
    ],
    types: { family_emergency: 1.5 },
    tags: ['family'],
  },
  {
    id: 'intent_family_address',
    text: 'Opens with "Hi Mum/Dad" from an unknown number, the start of the family-emergency scam',
    patterns: [
      re(
        `^${W}{0,10}\\b(hola|oi|ola|coucou|salut|bonjour|hallo|halo|hai) (mama|mami|papa|papi|mae|mamae|pai|papai|maman|mutti|vati|ma|mah|pa|pah|bu|ibu|pak|bapak)\\b`,
      ),
    ],
    types: { family_emergency: 1 },
    tags: ['family'],
  },
  {
    id: 'intent_wrong_number',
    text: 'A stranger\'s "wrong number" opener, the usual start of romance and investment (pig-butchering) scams',
    patterns: [
      re(
        `\\b(numero equivocado|me equivoque de (numero|persona)|numero errado|foi engano|mandei (pra|para) (pessoa|numero) errad[ao]|mauvais numero|je me suis trompe(e)? de (numero|personne)|falsche nummer|falsch verbunden|salah (kirim|sambung|nomor|orang))\\b`,
      ),
      // At the start of a sentence or after a greeting: "how old is this car?" and "what are you asking?" are a buyer's.
      re(
        `(?:^|[.!?\\n][ \\t]{0,3}|\\b(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))[ \\t,!]{1,3})(is this|are you|hello,? is this|hi,? is this) (the )?${NOT_A_NAME}[a-z]{2,15}('?s)?( number| phone)?\\?`,
      ),
      re(`\\b(hey|hi|hello),? (is this|are you) ${NOT_A_NAME}[a-z]{2,15}\\?`),
      // Name guesses, old acquaintance and a mutual friend in the other languages.
      re(
        `\\b(eres|es usted|hablo con|usted es) (el |la )?(senor |senora |senorita )?[a-z]{2,15}\\?|\\bnos conocimos (en|el|la)\\b|\\bcuanto tiempo sin (vernos|hablar)\\b|\\bme (dio|paso) tu (numero|contacto)\\b`,
      ),
      re(
        `\\b(voce e|e (o|a)|falo com) (o |a )?(senhor |senhora )?[a-z]{2,15}\\?|\\bnos conhecemos (em|no|na)\\b|\\bquanto tempo sem (te ver|falar|nos ver)\\b|\\bme passou (o )?seu (numero|contato)\\b`,
      ),
      re(
        `\\b(c'?est bien|est-ce que c'?est|vous etes|tu es) (monsieur |madame )?[a-z]{2,15} \\?|\\bon s'?est (rencontres?|croises?|vus?) (a|au|chez|lors)\\b|\\bca fait (longtemps|un bail)\\b|\\bm'?a donne ton (numero|contact)\\b`,
      ),
      re(
        `\\b(bist du|sind sie|spreche ich mit) (herr |frau )?[a-z]{2,15}\\?|\\bwir haben uns (auf|bei|in|im) ${W}{0,40}(kennengelernt|getroffen)\\b|\\blange nicht (gesehen|gehort)\\b|\\bhat mir deine nummer gegeben\\b`,
      ),
      re(
        `\\b(apakah ini|ini dengan|benarkah ini|ini) (pak |bu |bapak |ibu |kak |mas |mbak )?[a-z]{2,15}\\?|\\bkita pernah (ketemu|bertemu|kenalan)\\b|\\blama (tidak|tak|gak|nggak) (ketemu|jumpa|bertemu)\\b|\\bdapat nomor (kamu|anda|mu) dari\\b`,
      ),
      re(
        `\\b(ikaw ba si|kayo po ba si|si [a-z]{2,15} (ba )?(ito|to) po)\\b|\\b(matagal (na )?tayong hindi nagkita|long time no see po)\\b|\\bnakuha ko (ang )?(number|numero) mo (kay|sa)\\b`,
      ),
    ],
    types: { other: 1, crypto_investment: 0.4, romance: 0.4 },
    // On a marketplace "is this heavy?" and "are you flexible?" are a buyer's questions, not a name guess.
    tags: ['opener'],
  },
  {
    id: 'intent_pressure',
    text: 'Pressure: a deadline, a threat to block or suspend, or "last notice"',
    patterns: [
      re(
        `\\b(urgente|inmediatamente|de inmediato|ultimo aviso|en (las proximas )?24 horas|sera (suspendida|bloqueada|cancelada)|ha sido (suspendida|bloqueada))\\b`,
      ),
      re(
        `\\b(imediatamente|ultimo aviso|em (ate )?24 horas|sera (suspensa|bloqueada|cancelada)|foi (suspensa|bloqueada))\\b`,
      ),
      re(
        `\\b(immediatement|dernier (avis|rappel)|sous 24 ?h(eures)?|sera (suspendu|bloque|desactive)e?|a ete (suspendu|bloque)e?)\\b`,
      ),
      re(
        `\\b(dringend|sofort|umgehend|letzte mahnung|innerhalb von 24 stunden|wird (gesperrt|deaktiviert)|wurde gesperrt)\\b`,
      ),
      re(`\\b(segera|dalam 24 jam|akan (diblokir|dinonaktifkan|ditangguhkan)|telah diblokir|terakhir hari ini)\\b`),
    ],
    types: { bank_impersonation: 0.3, phishing: 0.3 },
    tags: ['urgency'],
  },
  {
    id: 'intent_prize',
    text: 'Says you won a prize or are being given something you never entered for',
    patterns: [
      re(
        `\\b(giving away|give away|giveaway)\\b${win(60)}\\b(free|to the first|dm|message|claim|winner|lucky)|\\b(i'?m|we'?re|we are|i am) giving away\\b`,
      ),
      re(
        `\\b(has|ha) (ganado|sido (seleccionado|elegido))|\\b(premio|sorteo)${win(40)}\\b(reclam|cobr|ganador|felicidades)`,
      ),
      re(
        `\\b(voce )?(ganhou|foi (selecionado|sorteado|contemplado))\\b|\\bpremio${win(40)}\\b(resgat|receber|parabens)`,
      ),
      re(`\\b(vous avez|tu as) (gagne|ete selectionne)|\\b(gagnant|tirage au sort)\\b`),
      re(`\\b(sie haben|du hast) (gewonnen|einen preis)|\\bgewinner\\b|\\bgewinnspiel\\b`),
      re(
        `\\bselamat${win(40)}\\b(mendapatkan|memenangkan|terpilih|pemenang)|\\b(pemenang|undian)${win(40)}\\b(hadiah|cek|rp|juta)`,
      ),
    ],
    types: { prize_lottery: 1.5 },
    tags: ['prize'],
  },
  {
    id: 'intent_delivery',
    text: 'Claims a parcel is held and asks you to act or pay, the delivery text scam',
    patterns: [
      re(
        `\\b(paquete|envio|pedido)${win(60)}\\b(retenido|pendiente de pago|no (pudo|ha podido) ser entregado|tasa|arancel|actualiz\\w* (su|tu) direccion)`,
      ),
      re(
        `\\b(encomenda|pacote|entrega)${win(60)}\\b(retida|pendente|taxa|nao (foi|pode ser) entregue|atualiz\\w* (seu|o) endereco)`,
      ),
      re(
        `\\b(colis|livraison)${win(60)}\\b(en attente|bloque|frais|n'?a pas pu etre livre|non livre|droits de douane|mettre a jour votre adresse)`,
      ),
      re(
        `\\b(paket|sendung|zustellung)${win(60)}\\b(nicht zugestellt|zollgebuhr|gebuhr|ausstehend|adresse (bestatigen|aktualisieren))`,
      ),
      re(`\\bpaket${win(60)}\\b(tertahan|ongkir|biaya (tambahan|pengiriman)|gagal dikirim|bea cukai)`),
    ],
    types: { delivery_smishing: 1.5 },
    tags: ['impersonation'],
  },
  {
    id: 'intent_install',
    text: 'Asks you to install an app or give remote access, which hands control of your phone or money to them',
    patterns: [
      re(
        `\\b(download|install)( the| this| our)? (app|apk|application)${win(40)}\\b(link|here|below|from)|\\b\\.apk\\b`,
      ),
      re(
        `\\b(descarga|descargue|instala|instale|baixe|baixa|instale|telechargez|telecharge|installez|lade|installiere|unduh|download|instal)( la| a| o| l'| die| aplikasi)?${win(10)}\\b(app|aplicacion|aplicativo|application|aplikasi|apk)\\b${win(40)}\\b(enlace|link|lien|aqui|ici|hier|berikut)`,
      ),
    ],
    types: { tech_support: 0.5, phishing: 0.5 },
    tags: ['install'],
  },
  {
    id: 'intent_investment',
    text: 'Promises investment profits or easy pay for simple work',
    patterns: [
      re(
        `\\b(inversion|invertir|ganancias garantizadas|rentabilidad|trabajo desde casa|gana(r)? \\$?\\d+ (al|por) dia)\\b`,
      ),
      re(`\\b(investimento|lucro garantido|renda extra|trabalho (em casa|online)|ganhe r?\\$?\\d+ por dia)\\b`),
      re(`\\b(investissement|rendement garanti|travail a domicile|gagnez \\d+ ?€? par jour)\\b`),
      re(`\\b(investition|garantierte rendite|nebenjob|heimarbeit|verdienen sie \\d+)\\b`),
      re(
        `\\b(investasi|keuntungan (pasti|besar)|kerja (online|paruh waktu|sampingan)|penghasilan tambahan|gaji \\d+${win(10)}per hari|komisi)\\b`,
      ),
    ],
    types: { crypto_investment: 0.8, job_task: 0.8 },
    tags: ['investment'],
  },
  {
    id: 'intent_job_task',
    text: 'Offers pay for simple work from home (likes, reviews, tasks): the task-scam script',
    patterns: [
      re(
        `\\b(trabajo|empleo) (desde|en) casa${span(120)}\\b(al dia|por dia|likes|me gusta|tareas|comision)\\b|\\b(dando|dar) (likes|me gusta)\\b|\\bgana(r|s)? \\$? ?\\d+ ?(dolares|usd|euros|pesos)? (al|por) dia\\b`,
      ),
      re(
        `\\btrabalho (em|de) casa${span(120)}\\b(por dia|curtidas|tarefas|comissao)\\b|\\b(dar|dando) curtidas\\b|\\bganhe r?\\$? ?\\d+ (reais )?por dia\\b`,
      ),
      re(
        `\\btravail (a|de) domicile${span(120)}\\b(par jour|likes|taches|commission)\\b|\\bgagnez \\d+ ?(€|euros)? par jour\\b`,
      ),
      re(
        `\\b(kerja|bekerja) (dari|di) rumah${span(120)}\\b(per hari|like|tugas|komisi)\\b|\\bgaji \\d+${win(10)}per hari\\b`,
      ),
      re(`\\b(work from home|wfh) po${span(120)}\\b(per day|a day|sahod|kita)\\b`),
    ],
    types: { job_task: 2 },
    tags: ['job'],
  },
  {
    id: 'intent_loan',
    text: 'Unsolicited loan offer, a common lead-in to advance-fee fraud',
    patterns: [
      re(
        `\\b(prestamos? (rapidos?|inmediatos?|sin aval)|emprestimos? (rapidos?|facil|aprovados?)|pret (rapide|immediat|sans justificatif)|kredit ohne schufa|sofortkredit|pinjaman (tunai|dana|online|tanpa jaminan)|dana tunai|kredit tanpa (agunan|jaminan))\\b`,
      ),
    ],
    types: { advance_fee: 1 },
    tags: ['money'],
  },
]);
