package domainintel.names;

import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The category taxonomy every feature uses (catalogue, valuation analysis, market insights): a
 * category is the one whose keywords the name's words hit most, earliest listed winning ties;
 * {@code general} when none hit.
 */
@Singleton
public class CategoryTaxonomy {
    public static final String GENERAL = "general";

    private static final Map<String, Set<String>> KEYWORDS = new LinkedHashMap<>();

    static {
        KEYWORDS.put("technology", Set.of("ai", "tech", "app", "apps", "cloud", "data", "cyber", "soft", "software", "web", "net", "digital",
                "code", "dev", "bot", "bots", "robot", "robotics", "smart", "online", "host", "hosting", "server", "computer", "computers", "mobile",
                "phone", "phones", "tv", "labs", "lab", "io", "byte", "bit", "pixel", "logic", "quantum", "systems", "network", "it", "api", "saas", "chip", "gpt", "vr", "meta", "link", "email", "mail", "internet", "site", "sites", "video"));
        KEYWORDS.put("crypto", Set.of("crypto", "bitcoin", "btc", "eth", "ether", "ethereum", "coin", "coins", "token", "tokens", "nft", "nfts",
                "blockchain", "chain", "defi", "wallet", "mining", "ledger", "dao", "swap", "web3"));
        KEYWORDS.put("finance", Set.of("bank", "banking", "loan", "loans", "credit", "pay", "payment", "payments", "money", "cash", "finance",
                "financial", "invest", "investing", "investment", "capital", "fund", "funds", "trade", "trading", "tax", "insurance", "insure",
                "mortgage", "wealth", "stock", "stocks", "forex", "fx", "fintech", "card", "cards", "debt", "exchange", "equity", "lending", "pension", "gold"));
        KEYWORDS.put("real-estate", Set.of("home", "homes", "house", "houses", "realty", "estate", "property", "properties", "rent", "rental",
                "rentals", "apartment", "apartments", "condo", "condos", "land", "realtor", "housing", "villa", "villas", "loft"));
        KEYWORDS.put("health", Set.of("health", "healthy", "care", "med", "medical", "doctor", "doctors", "clinic", "dental", "dentist", "pharma",
                "pharmacy", "fit", "fitness", "yoga", "diet", "vitamin", "vitamins", "therapy", "rx", "bio", "gene", "nurse", "hospital", "skin",
                "wellness", "cbd", "hemp", "spa", "keto", "rehab", "vet"));
        KEYWORDS.put("travel", Set.of("travel", "trip", "trips", "tour", "tours", "hotel", "hotels", "flight", "flights", "fly", "vacation",
                "holiday", "holidays", "cruise", "air", "booking", "resort", "visa", "beach", "island", "camp", "camping", "tourism"));
        KEYWORDS.put("food", Set.of("food", "foods", "eat", "eats", "pizza", "burger", "cafe", "coffee", "tea", "wine", "beer", "kitchen", "cook",
                "cooking", "recipe", "recipes", "chef", "bakery", "bake", "grill", "bar", "restaurant", "organic", "fresh", "fruit", "meat", "vegan", "sushi", "taco", "candy", "chocolate"));
        KEYWORDS.put("fashion", Set.of("fashion", "style", "wear", "shoes", "shoe", "dress", "dresses", "jewelry", "jewel", "bag", "bags", "beauty",
                "makeup", "hair", "nail", "nails", "cosmetics", "boutique", "luxury", "watch", "watches", "shirt", "shirts", "denim", "bridal", "glam"));
        KEYWORDS.put("education", Set.of("edu", "learn", "learning", "school", "schools", "college", "academy", "tutor", "tutoring", "course",
                "courses", "class", "classes", "study", "teach", "teacher", "university", "kids", "book", "books", "training", "exam", "language"));
        KEYWORDS.put("entertainment", Set.of("music", "movie", "movies", "film", "films", "game", "show", "shows", "fun", "play", "party", "art", "arts",
                "media", "news", "radio", "studio", "studios", "photo", "photos", "stream", "fan", "fans", "comedy", "dance", "star", "stars", "magazine", "blog", "podcast", "events", "tickets", "dating", "love"));
        KEYWORDS.put("gaming", Set.of("games", "gaming", "gamer", "gamers", "casino", "poker", "bet", "bets", "betting", "slots", "slot", "esports",
                "arcade", "lotto", "lottery", "bingo", "play"));
        KEYWORDS.put("sports", Set.of("sport", "sports", "golf", "soccer", "football", "ball", "bike", "bikes", "run", "running", "team", "fitness",
                "gym", "surf", "ski", "tennis", "hockey", "baseball", "basketball", "boxing", "racing", "fish", "fishing", "hunt", "hunting", "outdoor", "outdoors"));
        KEYWORDS.put("automotive", Set.of("car", "cars", "auto", "autos", "motor", "motors", "truck", "trucks", "drive", "driver", "vehicle",
                "vehicles", "tire", "tires", "parts", "ev", "taxi", "limo", "moto", "garage", "parking", "fleet"));
        KEYWORDS.put("business", Set.of("shop", "store", "market", "marketing", "buy", "sell", "sale", "sales", "deal", "deals", "consulting",
                "group", "agency", "solutions", "services", "partners", "global", "jobs", "job", "hire", "office", "brand", "brands", "pro", "ventures",
                "holdings", "supply", "direct", "trade", "hub", "biz", "inc", "corp", "company", "legal", "law", "lawyer", "attorney", "seo", "ads"));
        KEYWORDS.put("home", Set.of("garden", "furniture", "decor", "pet", "pets", "dog", "dogs", "cat", "cats", "baby", "family", "clean", "cleaning",
                "plumbing", "roof", "roofing", "solar", "energy", "green", "power", "light", "lights", "water", "tools", "diy", "wedding", "gift", "gifts"));
    }

    public static List<String> categories() {
        var all = new java.util.ArrayList<>(KEYWORDS.keySet());
        all.add(GENERAL);
        return List.copyOf(all);
    }

    public static boolean isCategory(String value) {
        return GENERAL.equals(value) || KEYWORDS.containsKey(value);
    }

    /** The category of a name from its words. */
    public String categorise(List<String> words) {
        String best = GENERAL;
        int bestHits = 0;
        for (var entry : KEYWORDS.entrySet()) {
            int hits = (int) words.stream().filter(entry.getValue()::contains).count();
            if (hits > bestHits) {
                best = entry.getKey();
                bestHits = hits;
            }
        }
        return best;
    }

    /** Whether some category is known by this word: the taxonomy's list of the words buyers pay for. */
    public boolean isKeyword(String word) {
        return KEYWORDS.values().stream().anyMatch(words -> words.contains(word));
    }

    /** The words of a name that put it in {@code category}, for explanations and keyword insights. */
    public Optional<Set<String>> keywords(String category) {
        return Optional.ofNullable(KEYWORDS.get(category));
    }
}
