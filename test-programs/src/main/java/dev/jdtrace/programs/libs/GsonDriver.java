package dev.jdtrace.programs.libs;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GsonDriver: gson writes N small JSON documents with the streaming {@link JsonWriter}, parses
 * the even ones into a tree with {@link JsonParser} and walks the odd ones token by token with the
 * streaming {@link JsonReader}; serializes N small object graphs of plain classes to JSON and back
 * by reflection; and binds every fourth document untyped, to maps. The work per item is small
 * because gson enters about 35 basic blocks per character of JSON (about 100 per token).
 * Usage: {@code GsonDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class GsonDriver {

    static final int DEFAULT_SIZE = 2;

    private GsonDriver() {
    }

    /** A line item of an order; plain fields only. */
    static final class Item {
        String sku;
        int qty;
        double price;
        boolean gift;

        Item() {
        }

        Item(String sku, int qty, double price, boolean gift) {
            this.sku = sku;
            this.qty = qty;
            this.price = price;
            this.gift = gift;
        }
    }

    /** An address; a nested object that may be null. */
    static final class Address {
        String city;
        int zip;

        Address() {
        }
    }

    /** An order: strings, numbers, a nested object, a list of objects and a list of strings. */
    static final class Order {
        long id;
        String who;
        Address to;
        List<Item> items = new ArrayList<>();
        List<String> tags = new ArrayList<>();
        Integer rank;

        Order() {
        }
    }

    public static void main(String[] args) throws IOException {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(7);
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            documents.add(writeDocument(gen, i));
        }

        // Tree model for the even documents, streaming for the odd ones.
        long treeSum = 0;
        int treeNodes = 0;
        for (int i = 0; i < n; i += 2) {
            String doc = documents.get(i);
            JsonElement root = JsonParser.parseString(doc);
            treeNodes += countNodes(root);
            JsonObject obj = root.getAsJsonObject();
            treeSum += obj.get("id").getAsLong();
            for (JsonElement e : obj.getAsJsonArray("vals")) {
                if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber()) {
                    treeSum += (long) (e.getAsDouble() * 100);
                }
            }
        }

        int tokens = 0;
        long streamSum = 0;
        int nameChars = 0;
        for (int i = 1; i < n; i += 2) {
            String doc = documents.get(i);
            try (JsonReader reader = new JsonReader(new StringReader(doc))) {
                reader.setLenient(false);
                JsonToken token;
                while ((token = reader.peek()) != JsonToken.END_DOCUMENT) {
                    tokens++;
                    switch (token) {
                        case BEGIN_OBJECT -> reader.beginObject();
                        case END_OBJECT -> reader.endObject();
                        case BEGIN_ARRAY -> reader.beginArray();
                        case END_ARRAY -> reader.endArray();
                        case NAME -> nameChars += reader.nextName().length();
                        case STRING -> streamSum += reader.nextString().length();
                        case NUMBER -> streamSum += (long) (reader.nextDouble() * 100);
                        case BOOLEAN -> streamSum += reader.nextBoolean() ? 1 : 0;
                        case NULL -> reader.nextNull();
                        default -> throw new IllegalStateException("unexpected token " + token);
                    }
                }
            }
        }

        // Reflection-based binding of an object graph, and untyped binding to maps.
        Gson gson = new GsonBuilder().serializeNulls().create();
        long bindSum = 0;
        int jsonChars = 0;
        for (int i = 0; i < n; i++) {
            Order order = order(gen, i);
            String json = gson.toJson(order);
            jsonChars += json.length();
            Order back = gson.fromJson(json, Order.class);
            if (back.items.size() != order.items.size() || back.id != order.id) {
                throw new IllegalStateException("round trip failed for order " + i);
            }
            bindSum += back.id + back.items.size() + back.tags.size() + (back.to == null ? 0 : back.to.zip);
            for (Item item : back.items) {
                bindSum += item.qty + (long) (item.price * 100) + (item.gift ? 1 : 0);
            }
            if (i % 4 == 1) {
                // Untyped binding of a document: objects become maps, numbers doubles.
                @SuppressWarnings("unchecked")
                Map<String, Object> untyped = gson.fromJson(documents.get(i), Map.class);
                bindSum += untyped.size();
            }
        }

        System.out.println("gson: documents=" + n + " treeNodes=" + treeNodes + " tokens=" + tokens);
        System.out.println("gson: treeSum=" + treeSum + " streamSum=" + streamSum + " nameChars=" + nameChars);
        System.out.println("gson: bindSum=" + bindSum + " jsonChars=" + jsonChars);
    }

    /** Writes one document with the streaming writer: nested objects, arrays, escapes, nulls. */
    private static String writeDocument(Gen gen, int i) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonWriter w = new JsonWriter(out)) {
            w.setIndent(i % 4 == 0 ? " " : "");
            w.beginObject();
            w.name("id").value(1000L + i);
            w.name("tag").value(gen.word());
            w.name("ok").value(gen.next(2) == 0);
            w.name("by");
            if (gen.next(4) == 0) {
                w.nullValue();
            } else {
                w.beginObject().name("n").value(gen.word()).name("rank").value(gen.next(10)).endObject();
            }
            w.name("vals").beginArray();
            int count = 1 + gen.next(3);
            for (int k = 0; k < count; k++) {
                switch (gen.next(4)) {
                    case 0 -> w.value(gen.next(1000) / 8.0);
                    case 1 -> w.value(gen.word());
                    case 2 -> w.value(gen.next(100000));
                    default -> w.beginArray().value(k).value(true).nullValue().endArray();
                }
            }
            w.endArray();
            w.endObject();
        }
        return out.toString();
    }

    private static int countNodes(JsonElement e) {
        if (e.isJsonObject()) {
            int c = 1;
            for (Map.Entry<String, JsonElement> entry : e.getAsJsonObject().entrySet()) {
                c += countNodes(entry.getValue());
            }
            return c;
        }
        if (e.isJsonArray()) {
            int c = 1;
            JsonArray array = e.getAsJsonArray();
            for (int k = 0; k < array.size(); k++) {
                c += countNodes(array.get(k));
            }
            return c;
        }
        if (e.isJsonPrimitive()) {
            JsonPrimitive p = e.getAsJsonPrimitive();
            return p.isString() ? 1 + p.getAsString().length() / 16 : 1;
        }
        return 1; // JsonNull
    }

    private static Order order(Gen gen, int i) {
        Order o = new Order();
        o.id = 5000L + i;
        o.who = gen.word();
        if (gen.next(3) != 0) {
            o.to = new Address();
            o.to.city = gen.word();
            o.to.zip = 10000 + gen.next(90000);
        }
        int items = 1 + i % 2;
        for (int k = 0; k < items; k++) {
            o.items.add(new Item("K" + gen.next(10), 1 + gen.next(5), gen.next(1000) / 4.0, gen.next(5) == 0));
        }
        int tags = i % 2;
        for (int k = 0; k < tags; k++) {
            o.tags.add(gen.word());
        }
        o.rank = gen.next(2) == 0 ? null : gen.next(5);
        return o;
    }
}
