package dev.jdtrace.programs.libs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.Constructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * YamlDriver: snakeyaml loads a generated YAML inventory of N items into JavaBeans, which it creates and
 * fills by reflection (constructors, setters, generic list types), dumps the beans back to YAML by
 * introspection, and loads the dump again as plain maps. Usage: {@code YamlDriver [N]} (default
 * {@value #DEFAULT_SIZE}).
 */
public final class YamlDriver {

    static final int DEFAULT_SIZE = 3;

    private YamlDriver() {
    }

    /** The document's root bean. */
    public static final class Inventory {
        private String owner;
        private List<Item> items = new ArrayList<>();

        public String getOwner() {
            return owner;
        }

        public void setOwner(String owner) {
            this.owner = owner;
        }

        public List<Item> getItems() {
            return items;
        }

        public void setItems(List<Item> items) {
            this.items = items;
        }
    }

    /** One item of the inventory. */
    public static final class Item {
        private String name;
        private int qty;
        private double price;
        private boolean fragile;
        private List<String> tags = new ArrayList<>();

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public int getQty() {
            return qty;
        }

        public void setQty(int qty) {
            this.qty = qty;
        }

        public double getPrice() {
            return price;
        }

        public void setPrice(double price) {
            this.price = price;
        }

        public boolean isFragile() {
            return fragile;
        }

        public void setFragile(boolean fragile) {
            this.fragile = fragile;
        }

        public List<String> getTags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        String text = document(new Gen(99), n);

        Inventory inventory = new Yaml(new Constructor(Inventory.class, new LoaderOptions())).load(text);
        long qty = 0;
        long cents = 0;
        int fragile = 0;
        for (Item item : inventory.getItems()) {
            qty += item.getQty();
            cents += Math.round(item.getPrice() * 100);
            fragile += item.isFragile() ? 1 : 0;
        }

        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setPrettyFlow(true);
        String dumped = new Yaml(new Representer(options), options).dump(inventory);
        Map<String, Object> again = new Yaml(new LoaderOptions()).load(dumped.substring(dumped.indexOf('\n') + 1));
        if (((List<?>) again.get("items")).size() != n) {
            throw new IllegalStateException("reloaded " + again.get("items"));
        }

        System.out.println("yaml: owner=" + inventory.getOwner() + " items=" + inventory.getItems().size()
                + " qty=" + qty + " cents=" + cents + " fragile=" + fragile + " dumpedChars=" + dumped.length());
    }

    private static String document(Gen gen, int n) {
        StringBuilder sb = new StringBuilder("# a generated inventory\nowner: \"")
                .append(gen.word().replace("\"", "").replace("\\", "")).append("\"\nitems:\n");
        for (int i = 0; i < n; i++) {
            sb.append("  - name: '").append(gen.sentence().replace("'", "''")).append("'\n")
                    .append("    qty: ").append(gen.next(500)).append('\n')
                    .append("    price: ").append(gen.next(1000)).append('.').append(gen.next(100)).append('\n')
                    .append("    fragile: ").append(i % 3 == 0 ? "yes" : "false").append('\n')
                    .append("    tags: [").append(i % 4 == 0 ? "" : "a, \"b c\", d" + i).append("]\n");
        }
        return sb.toString();
    }
}
