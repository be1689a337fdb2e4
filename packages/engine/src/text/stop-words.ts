/**
 * Words that say how something is asked, not what about: Thai polite and question particles
 * (as the word segmenter cuts them: "เท่าไหร่" is "เท่า" "ไหร่", so only "ไหร่" is here) and
 * common English function words. Dropping them from queries and passages keeps "how much is the
 * Pro plan" from matching every passage with "is" and "the", and lets the local provider measure
 * how much of a question a passage covers. Kept light on purpose: the quality benchmark
 * (bench/retrieval-quality.ts) measures the list against no list.
 */
export const stopWords: ReadonlySet<string> = new Set(
  [
    // Thai: polite particles, as people type them
    "ครับ คับ ครัช ค่ะ คะ ค่า คร่ะ จ้ะ จ๊ะ จ้า ฮะ ฮ่ะ นะ น่ะ น้า ล่ะ เหรอ หรอ",
    // Thai: question words and particles
    "ไหม มั้ย ไหน เปล่า บ้าง อะไร ไหร่ ไหร เท่า เท่าไร กี่ ไง ยังไง อย่างไร หรือไม่ คือ หน่อย",
    // Thai: pronouns and the most frequent function words
    "ผม ดิฉัน ฉัน หนู เรา คุณ ที่ และ หรือ ของ ได้ ให้ มี จะ ก็ ว่า แล้ว นี้ นั้น ด้วย กับ ใน ซึ่ง เป็น อยู่ การ ความ",
    // Thai: chat fillers, greetings and asking words that say nothing about the topic
    "รบกวน สอบถาม ถาม ขอ พี่ น้อง แม่ค้า จ๋า ทราบ อยาก ค่า คร้าบ ครัฟ อิอิ 555 ป่าว เอ่อ อ่ะ อะ นึง ประมาณ หรือเปล่า รึเปล่า สวัสดี ขอบคุณ ทำ ไป มา ต้อง ยัง",
    // English
    "hi hello hey ask asking thanks thank pls plz na ka kha krub",
    "a an the is are was were be been am do does did done what which who whom how when where why",
    "can could would should will shall may might must i me my you your we our us they them their",
    "he she it its this that these those there here to of in on at for from by with about as and",
    "or but if so not no please tell know want need much many any some have has had get just also",
    "very really don't i'm it's what's there's",
  ]
    .join(" ")
    .split(" "),
);
