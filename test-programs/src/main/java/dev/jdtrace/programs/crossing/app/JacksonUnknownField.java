package dev.jdtrace.programs.crossing.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * The Jackson round trip (trace with {@code com.fasterxml.jackson.core.*}, databind untraced):
 * databind calls traced jackson-core and the POJOs, then throws UnrecognizedPropertyException out of
 * {@code readValue}, never caught; closing the parser in its {@code finally} and the uncaught-exception
 * handler's {@code getMessage} run traced code: exit 1.
 */
public final class JacksonUnknownField {
    private JacksonUnknownField() {
    }

    public static class Item {
        private int qty;

        public Item() {
        }

        public int getQty() {
            return qty;
        }

        public void setQty(int q) {
            qty = q;
        }
    }

    public static class Box {
        public String id;
        public List<Item> items = new ArrayList<>();

        public boolean isLarge() {
            return items.size() > 1;
        }
    }

    public static void main(String[] args) throws Exception {
        String json = "{\"id\":\"x\",\"items\":[{\"qty\":1},{\"qty\":2}],\"large\":true}";
        Box b = new ObjectMapper().readValue(json, Box.class);
        System.out.println(b.id + " " + b.items.size());
    }
}
